/**
 * The SQLite bulk writer's thread (SqliteThreadRowWriter in sqlite-row-writer.ts): its own connection to
 * the database file, writing each batch it is sent in one transaction, in the order they come.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  SqliteFileRowWriter,
  type SqliteWriterOptions,
  type WriterAnswer,
  type WriterRequest,
} from './sqlite-row-writer.ts';

const port = parentPort;
if (port === null) throw new Error('sqlite-writer-thread runs as a worker thread');
const writer = new SqliteFileRowWriter(workerData as SqliteWriterOptions);

let queue = Promise.resolve();
port.on('message', (request: WriterRequest) => {
  queue = queue.then(async () => {
    let answer: WriterAnswer = { id: request.id };
    try {
      if (request.batch) writer.writeBound(request.batch);
      else await writer.close();
    } catch (error) {
      const { name, message, code } = error as { name?: string; message?: string; code?: string };
      answer = { id: request.id, error: { name: name ?? 'Error', message: message ?? String(error), code } };
    }
    port.postMessage(answer);
  });
});
