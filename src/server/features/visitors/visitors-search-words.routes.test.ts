import { expect, it } from 'vitest';
import { describeApi } from '../../test/harness.ts';
import { searchAmong } from './visitor-search-fixtures.ts';

/** A name typed as people say it: surname first, or the first name and one surname with the others left out. */
describeApi('GET /v1/visitors/search: the words of a name in any order', (ctx) => {
  it('finds a name by its surname first', async () => {
    const names = await searchAmong(ctx(), 'Jane Doe', 'Janet Smith', 'John Doe', 'Pedro Alonso de la Vega');
    expect(await names('doe jane')).toEqual(['Jane Doe']);
    expect(await names('DOE JAN')).toEqual(['Jane Doe']);
    expect(await names('doe j')).toEqual(['Jane Doe', 'John Doe']);
    expect(await names('smith  ja')).toEqual(['Janet Smith']);
    expect(await names('vega pedro')).toEqual(['Pedro Alonso de la Vega']);
    expect(await names('de la vega pedro')).toEqual(['Pedro Alonso de la Vega']);
  });

  it('lists the names that read as the text surname first before those holding its words elsewhere', async () => {
    const names = await searchAmong(
      ctx(),
      'Sofia Maria Suzuki',
      'Sonia Suzuki',
      'Sofia Suzuki',
      'Fatima de Vries',
      'Fabian Ana de Vries',
    );
    expect(await names('suzuki so')).toEqual(['Sofia Suzuki', 'Sonia Suzuki', 'Sofia Maria Suzuki']);
    expect(await names('suzuki so', 2)).toEqual(['Sofia Suzuki', 'Sonia Suzuki']);
    expect(await names('suzuki sof')).toEqual(['Sofia Suzuki', 'Sofia Maria Suzuki']);
    expect(await names('SUZUKI SOFÍA')).toEqual(['Sofia Suzuki', 'Sofia Maria Suzuki']);
    expect(await names('de vries fa')).toEqual(['Fatima de Vries', 'Fabian Ana de Vries']);
    expect(await names('ana de vries fab')).toEqual(['Fabian Ana de Vries']);
    expect(await names('de vries fa', 1)).toEqual(['Fatima de Vries']);
  });

  it('finds a name by some of its words with others left out, after the names that start with the text', async () => {
    const names = await searchAmong(ctx(), 'Ana María López García', 'Ana Garcés', 'Anabel Ruiz');
    expect(await names('ana garcia')).toEqual(['Ana María López García']);
    expect(await names('ana lopez')).toEqual(['Ana María López García']);
    expect(await names('GARCÍA ANA')).toEqual(['Ana María López García']);
    expect(await names('ana gar')).toEqual(['Ana Garcés', 'Ana María López García']);
  });

  it('finds a long name by its surnames in any order, without the first name', async () => {
    const names = await searchAmong(ctx(), 'Ana María López García', 'María José García Pérez', 'Ana López');
    expect(await names('garcia lopez')).toEqual(['Ana María López García']);
    expect(await names('GARCÍA LÓP')).toEqual(['Ana María López García']);
    expect(await names('perez garcia')).toEqual(['María José García Pérez']);
    expect(await names('maria garcia')).toEqual(['Ana María López García', 'María José García Pérez']);
    expect(await names('lopez ana')).toEqual(['Ana López', 'Ana María López García']);
    expect(await names('garcia zoe')).toEqual([]);
  });

  it('finds a name by its last word with another of its words, in whatever place that word is', async () => {
    const names = await searchAmong(
      ctx(),
      'Anna Fatima Novak',
      'Eva Maria Rosa Novak',
      'Pedro Alonso de la Vega',
      'Zoe de Vries',
    );
    expect(await names('novak fat')).toEqual(['Anna Fatima Novak']);
    expect(await names('novak ros')).toEqual(['Eva Maria Rosa Novak']);
    expect(await names('novak mar')).toEqual(['Eva Maria Rosa Novak']);
    expect(await names('vega la')).toEqual(['Pedro Alonso de la Vega']);
    expect(await names('vega alo')).toEqual(['Pedro Alonso de la Vega']);
    expect(await names('vries zo')).toEqual(['Zoe de Vries']);
    // A word that starts no one's word: no name can hold it.
    expect(await names('novak qx')).toEqual([]);
    expect(await names('qx novak')).toEqual([]);
  });

  it('needs a word of the name for each word of the text', async () => {
    const names = await searchAmong(ctx(), 'Ana María López García', 'Jane Doe');
    expect(await names('ana ana')).toEqual([]);
    expect(await names('garcia zoe')).toEqual([]);
    expect(await names('doe jane doe')).toEqual([]);
    // The whole name as written: found once.
    expect(await names('jane doe')).toEqual(['Jane Doe']);
  });

  it('finds a name typed without its apostrophes, hyphens or the spaces of a particle', async () => {
    const names = await searchAmong(
      ctx(),
      'Chloé O’Brien',
      'Jean-Pierre Dupont',
      'Anna de Vries',
      'Jan van der Berg',
      'Pedro Alonso de la Vega',
    );
    for (const q of ['obrien', "o'brien", 'O’BRIEN', 'chloe obr', "chloe o'brien"]) {
      expect(await names(q), q).toEqual(['Chloé O’Brien']);
    }
    for (const q of ['jean pierre', 'jean-pierre', 'pierre', 'pierre dupont', 'dupont jean']) {
      expect(await names(q), q).toEqual(['Jean-Pierre Dupont']);
    }
    for (const q of ['devries', 'DeVr', 'de vries', 'vries']) expect(await names(q), q).toEqual(['Anna de Vries']);
    expect(await names('vanderberg')).toEqual(['Jan van der Berg']);
    expect(await names('delavega')).toEqual(['Pedro Alonso de la Vega']);
    // The apostrophe typed as a space, the hyphen left out, the particle joined after the first name.
    for (const q of ['o brien', 'chloe o brien', 'brien']) expect(await names(q), q).toEqual(['Chloé O’Brien']);
    for (const q of ['jeanpierre', 'JeanPierre Dup']) expect(await names(q), q).toEqual(['Jean-Pierre Dupont']);
    for (const q of ['anna devries', 'anna dev']) expect(await names(q), q).toEqual(['Anna de Vries']);
    expect(await names('jan vanderberg')).toEqual(['Jan van der Berg']);
    expect(await names('alonso delavega')).toEqual(['Pedro Alonso de la Vega']);
    // A particle typed alone finds every name with a word it starts, once each.
    expect(await names('de')).toEqual(['Anna de Vries', 'Pedro Alonso de la Vega', 'Jan van der Berg']);
  });

  it('finds a name by its joined surname in any order, with other words left out', async () => {
    const names = await searchAmong(
      ctx(),
      'Anna de Vries',
      'Jan van der Berg',
      'Pedro Alonso de la Vega',
      'Chloé O’Brien',
      'Jean-Pierre Dupont',
      'Anna Devon',
    );
    for (const q of ['devries anna', 'DEVRIES AN', 'devr anna']) expect(await names(q), q).toEqual(['Anna de Vries']);
    expect(await names('vanderberg jan')).toEqual(['Jan van der Berg']);
    for (const q of ['pedro delavega', 'delavega pedro', 'delav ped']) {
      expect(await names(q), q).toEqual(['Pedro Alonso de la Vega']);
    }
    expect(await names('brien chloe')).toEqual(['Chloé O’Brien']);
    expect(await names('dupont jean pierre')).toEqual(['Jean-Pierre Dupont']);
    // A dashed first name typed without its dash, after the surname.
    for (const q of ['dupont jeanpierre', 'dup jeanpierre', 'DUPONT JEANP']) {
      expect(await names(q), q).toEqual(['Jean-Pierre Dupont']);
    }
    // Each word still needs a word of its own: the joined surname is not also a first name.
    expect(await names('devries devries')).toEqual([]);
    expect(await names('devries pedro')).toEqual([]);
  });

  it('lists the first people by name among many who share a surname, whatever the limit', async () => {
    // Written in reverse order of name, so the order they were kept in is not the order they are listed in.
    const firstNames = ['Zoe', 'Yara', 'Wim', 'Vera', 'Tom', 'Sara', 'Piet', 'Nina', 'Lars', 'Jan', 'Eva', 'Anna'];
    const names = await searchAmong(
      ctx(),
      ...firstNames.map((first) => `${first} de Vries`),
      ...firstNames.map((first) => `${first} Maria Martin`),
    );
    const byName = (surname: string) => [...firstNames].reverse().map((first) => `${first} ${surname}`);
    // By the key from the second word on, and by the last word.
    expect(await names('de vr', 5)).toEqual(byName('de Vries').slice(0, 5));
    expect(await names('vries', 5)).toEqual(byName('de Vries').slice(0, 5));
    expect(await names('vries', 3)).toEqual(byName('de Vries').slice(0, 3));
    expect(await names('martin', 4)).toEqual(byName('Maria Martin').slice(0, 4));
    // By the key from the third word on, after the names whose tail starts with the text.
    expect(await names('maria martin', 4)).toEqual(byName('Maria Martin').slice(0, 4));
    // By the name words (the particle joined): the first of them whatever the limit.
    const joined = await names('devries', 12);
    expect([...joined].sort()).toEqual([...byName('de Vries')].sort());
    expect(await names('devries', 4)).toEqual(joined.slice(0, 4));
  });
});
