import type {
  CreateViewInput,
  SavedViewResource,
  SessionColumnsInput,
  SessionColumnsResource,
  UpdateViewInput,
} from '../../../api/schemas/views.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { checkSessionsQuery } from '../sessions/sessions.service.ts';
import {
  deletePrivateViewsOf,
  deleteSessionColumnsOf,
  deleteViewRow,
  findSessionColumns,
  findView,
  findVisibleViews,
  insertView,
  lockViewNames,
  updateView,
  upsertSessionColumns,
} from './views.repository.ts';
import type { SavedViewsTable } from './views.table.ts';

/** Who is asking: the account, the owner key of the person or token, and whether they are an admin. */
export interface ViewActor {
  accountId: string;
  ownerKey: string;
  admin: boolean;
}

/**
 * Who may rename, reshare or delete a view: its owner, and for a view shared with the account its admins
 * too, so that a view whose owner has left (a deleted person, a revoked token) can still be tidied away.
 */
function mayChange(row: SavedViewsTable, actor: ViewActor): boolean {
  return row.owner_key === actor.ownerKey || (row.shared === 1 && actor.admin);
}

function toResource(row: SavedViewsTable, actor: ViewActor): SavedViewResource {
  return {
    id: row.id,
    name: row.name,
    query: JSON.parse(row.query) as Record<string, string>,
    shared: row.shared === 1,
    mine: row.owner_key === actor.ownerKey,
    editable: mayChange(row, actor),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listViews(db: Db, actor: ViewActor) {
  const rows = await findVisibleViews(db, actor.accountId, actor.ownerKey);
  return { views: rows.map((row) => toResource(row, actor)) };
}

/**
 * Refuses a name the actor already sees on another view (their own, or one shared with the account),
 * whatever its case: two entries of one name in the navigation cannot be told apart. A colleague's
 * private views are not looked at; they are not the actor's to know of.
 */
async function ensureNameFree(db: Db, actor: ViewActor, name: string, except?: string): Promise<void> {
  const wanted = viewNameKey(name);
  const views = await findVisibleViews(db, actor.accountId, actor.ownerKey);
  const taken = views.find((view) => view.id !== except && viewNameKey(view.name) === wanted);
  if (!taken) return;
  throw errors.conflict(
    'view_name_taken',
    taken.owner_key === actor.ownerKey
      ? `You already have a view named “${taken.name}”; choose another name`
      : `A view shared with the account is already named “${taken.name}”; choose another name`,
    'name',
  );
}

/**
 * A name as names are compared: its letters composed one way (an "é" typed as one character or as "e" and
 * an accent looks the same) and in lower case, whatever the server's locale.
 */
const viewNameKey = (name: string) => name.normalize('NFC').toLowerCase();

/** A view's name as kept: without the spaces around it, its letters composed, and never only spaces. */
function viewName(name: string): string {
  const trimmed = name.trim().normalize('NFC');
  if (trimmed === '') throw errors.validation('too_short', 'name must not be empty', 'name');
  return trimmed;
}

/**
 * Runs `write` once the name is known to be free, with the account's view names locked meanwhile, so that
 * two requests at once cannot both take one name.
 */
async function withNameFree(
  db: Db,
  actor: ViewActor,
  name: string,
  except: string | undefined,
  write: (trx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockViewNames(trx, actor.accountId);
    await ensureNameFree(trx, actor, name, except);
    await write(trx);
  });
}

export async function createView(db: Db, actor: ViewActor, input: CreateViewInput): Promise<SavedViewResource> {
  const now = Math.floor(Date.now() / 1000);
  const name = viewName(input.name);
  checkSessionsQuery(input.query, 'query');
  const row: SavedViewsTable = {
    account_id: actor.accountId,
    id: newId('view'),
    owner_key: actor.ownerKey,
    name,
    query: JSON.stringify(input.query),
    shared: input.shared ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  await withNameFree(db, actor, name, undefined, (trx) => insertView(trx, row));
  return toResource(row, actor);
}

/**
 * A view the actor may change (`mayChange`). A colleague's shared view is 403 to anyone else; a colleague's
 * private view, or none, is 404.
 */
async function changeableView(db: Db, actor: ViewActor, id: string): Promise<SavedViewsTable> {
  const row = await findView(db, actor.accountId, id);
  if (!row || (row.owner_key !== actor.ownerKey && row.shared !== 1)) throw errors.notFound('View');
  if (!mayChange(row, actor))
    throw errors.forbidden('not_owner', 'Only the person who saved this view, or an admin, can change it');
  return row;
}

export async function changeView(
  db: Db,
  actor: ViewActor,
  id: string,
  input: UpdateViewInput,
): Promise<SavedViewResource> {
  const row = await changeableView(db, actor, id);
  const name = input.name === undefined ? undefined : viewName(input.name);
  if (input.query !== undefined) checkSessionsQuery(input.query, 'query');
  // Sharing puts the view in everyone's list, beside the views already shared under its name.
  const sharing = input.shared === true && row.shared !== 1;
  const changes = {
    ...(name === undefined ? {} : { name }),
    ...(input.query === undefined ? {} : { query: JSON.stringify(input.query) }),
    ...(input.shared === undefined ? {} : { shared: input.shared ? 1 : 0 }),
    updated_at: Math.floor(Date.now() / 1000),
  };
  const write = (trx: Db) => updateView(trx, actor.accountId, id, changes);
  if (name !== undefined || sharing) await withNameFree(db, actor, name ?? row.name, id, write);
  else await write(db);
  return toResource({ ...row, ...changes }, actor);
}

export async function deleteView(db: Db, actor: ViewActor, id: string) {
  await changeableView(db, actor, id);
  await deleteViewRow(db, actor.accountId, id);
  return { view_id: id, deleted: true };
}

/** The actor's choice of the sessions list's columns; none yet is an empty choice (every default holds). */
export async function getSessionColumns(db: Db, actor: ViewActor): Promise<SessionColumnsResource> {
  const row = await findSessionColumns(db, actor.accountId, actor.ownerKey);
  if (!row) return { columns: {}, updated_at: null };
  return { columns: JSON.parse(row.columns) as Record<string, boolean>, updated_at: Number(row.updated_at) };
}

export async function setSessionColumns(
  db: Db,
  actor: ViewActor,
  input: SessionColumnsInput,
): Promise<SessionColumnsResource> {
  const updatedAt = Math.floor(Date.now() / 1000);
  await upsertSessionColumns(db, {
    account_id: actor.accountId,
    owner_key: actor.ownerKey,
    columns: JSON.stringify(input.columns),
    updated_at: updatedAt,
  });
  return { columns: input.columns, updated_at: updatedAt };
}

/**
 * Forgets what someone who has gone (a deleted person, a revoked token) kept for themselves: their choice
 * of columns and their private views. Their shared views stay for the account, in its admins' care.
 */
export async function forgetPersonalViews(db: Db, accountId: string, ownerKey: string): Promise<void> {
  await deleteSessionColumnsOf(db, accountId, ownerKey);
  await deletePrivateViewsOf(db, accountId, ownerKey);
}
