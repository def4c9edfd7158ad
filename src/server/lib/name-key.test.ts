import { describe, expect, it } from 'vitest';
import {
  nameJoinedKeys,
  nameTypedKeys,
  nameKey,
  nameLastKey,
  nameMiddleKeys,
  nameTailKey,
  nameThirdKey,
  nameWordKeys,
  namedColumns,
  startsEachWord,
} from './name-key.ts';

describe('nameKey', () => {
  it('reads a name without accents, case or apostrophes', () => {
    expect(nameKey('Chloé O’Brien')).toBe('chloe obrien');
    expect(nameKey("chloe o'brien")).toBe('chloe obrien');
    expect(nameKey('chloe obrien')).toBe('chloe obrien');
    expect(nameKey('  ZOË   Müller ')).toBe('zoe muller');
    expect(nameKey('Ångström')).toBe('angstrom');
    expect(nameKey('O´Brien')).toBe('obrien');
    expect(nameKey('Dʼangelo d`Arc')).toBe('dangelo darc');
  });

  it('reads hyphens and dashes as spaces', () => {
    expect(nameKey('Jean-Pierre Dupont')).toBe('jean pierre dupont');
    expect(nameKey('Anne‐Marie  – Lenoir')).toBe('anne marie lenoir');
    expect(nameKey('Smith-Jones')).toBe('smith jones');
    expect(nameKey(' - ')).toBeNull();
  });

  it('reads the dotless i and the final sigma as the letters typed for them', () => {
    expect(nameKey('Işık Yıldız')).toBe('isik yildiz');
    expect(nameKey('İsmail IŞIK')).toBe('ismail isik');
    expect(nameKey('ışık')).toBe(nameKey('ISIK'));
    expect(nameKey('ΣΩΚΡΑΤΗΣ')).toBe('σωκρατησ');
    expect(nameKey('Σωκράτης')).toBe(nameKey('σωκρατησ'));
  });

  it('reads letters that have no accent to drop as the letters typed for them, and keeps scripts without case', () => {
    expect(nameKey('Łukasz Søren')).toBe('lukasz soren');
    expect(nameKey('Łukasz Żółć')).toBe('lukasz zolc');
    expect(nameKey('Ægir Øresund')).toBe('aegir oresund');
    expect(nameKey('Straße GROẞ')).toBe('strasse gross');
    expect(nameKey('Đorđe Þórðarson')).toBe('dorde thordarson');
    expect(nameKey('Œdipe Ħamrun')).toBe('oedipe hamrun');
    expect(nameKey('李 小龙')).toBe('李 小龙');
  });

  it('keys the name after its first word too, for a search by surname', () => {
    expect(nameTailKey(nameKey('Chloé O’Brien'))).toBe('obrien');
    expect(nameTailKey(nameKey('Jan van der Berg'))).toBe('van der berg');
    expect(nameTailKey(nameKey('Madonna'))).toBeNull();
    expect(nameTailKey(null)).toBeNull();
  });

  it('keys the last word of a name of three words or more, for a search by the last surname', () => {
    expect(nameLastKey(nameKey('Ana María López'))).toBe('lopez');
    expect(nameLastKey(nameKey('Jan van der Berg'))).toBe('berg');
    // Two words: the tail key is the last word already.
    expect(nameLastKey(nameKey('Chloé O’Brien'))).toBeNull();
    expect(nameLastKey(nameKey('Madonna'))).toBeNull();
    expect(nameLastKey(null)).toBeNull();
    expect(namedColumns('María José García')).toEqual({
      name: 'María José García',
      name_key: 'maria jose garcia',
      name_tail_key: 'jose garcia',
      name_third_key: null,
      name_last_key: 'garcia',
    });
  });

  it('keys a name of four words or more from its third word on, for a search by a word between', () => {
    expect(nameThirdKey(nameKey('Ana María López García'))).toBe('lopez garcia');
    expect(nameThirdKey(nameKey('Jan  van der Berg'))).toBe('der berg');
    expect(nameThirdKey(nameKey('Pedro Alonso de la Vega'))).toBe('de la vega');
    // Three words or fewer: the name's, the tail's and the last word's keys hold every word.
    expect(nameThirdKey(nameKey('Ana María López'))).toBeNull();
    expect(nameThirdKey(nameKey('Chloé O’Brien'))).toBeNull();
    expect(nameThirdKey(nameKey('Madonna'))).toBeNull();
    expect(nameThirdKey(null)).toBeNull();
    expect(namedColumns('Jan van der Berg')).toMatchObject({ name_third_key: 'der berg', name_last_key: 'berg' });
  });

  it('keys a name of five words or more from each word between its third and its last', () => {
    expect(nameMiddleKeys(nameKey('Pedro Alonso de la Vega'))).toEqual(['la vega']);
    expect(nameMiddleKeys(nameKey('María de los  Ángeles García Pérez'))).toEqual([
      'angeles garcia perez',
      'garcia perez',
    ]);
    // Four words or fewer: the other keys hold every word.
    expect(nameMiddleKeys(nameKey('Ana María López García'))).toEqual([]);
    expect(nameMiddleKeys(nameKey('Madonna'))).toEqual([]);
    expect(nameMiddleKeys(null)).toEqual([]);
  });

  it('keys a name with a particle joined to the word after it, for a surname typed without its spaces', () => {
    expect(nameJoinedKeys(nameKey('Anna de Vries'))).toEqual(['anna devries']);
    expect(nameJoinedKeys(nameKey('De Vries'))).toEqual(['devries']);
    expect(nameJoinedKeys(nameKey('Jan van der Berg'))).toEqual(['jan vanderberg']);
    expect(nameJoinedKeys(nameKey('Pedro Alonso de la Vega'))).toEqual(['pedro alonso delavega']);
    expect(nameJoinedKeys(nameKey('Leonardo da Vinci de Souza'))).toEqual([
      'leonardo davinci de souza',
      'leonardo da vinci desouza',
    ]);
    // A particle last, or no particle: nothing to join.
    expect(nameJoinedKeys(nameKey('Anna van'))).toEqual([]);
    expect(nameJoinedKeys(nameKey('Ana María López'))).toEqual([]);
    expect(nameJoinedKeys(null)).toEqual([]);
  });

  it('keys a name as it is also typed: apostrophes as spaces, dashes left out', () => {
    expect(nameTypedKeys('Chloé O’Brien')).toEqual(['chloe o brien']);
    expect(nameTypedKeys('Jean-Pierre Dupont')).toEqual(['jeanpierre dupont']);
    expect(nameTypedKeys("Marie-Claire D'Angelo")).toEqual(['marie claire d angelo', 'marieclaire dangelo']);
    expect(nameTypedKeys('Ana María López')).toEqual([]);
    expect(nameTypedKeys(null)).toEqual([]);
  });

  it('keeps as name words every key the key columns leave out, from each word on', () => {
    expect(nameWordKeys('Anna de Vries')).toEqual(['anna devries', 'devries']);
    expect(nameWordKeys('Jan van der Berg')).toEqual(['jan vanderberg', 'vanderberg']);
    expect(nameWordKeys('Pedro Alonso de la Vega')).toEqual([
      'la vega',
      'pedro alonso delavega',
      'alonso delavega',
      'delavega',
    ]);
    expect(nameWordKeys('Chloé O’Brien')).toEqual(['chloe o brien', 'o brien', 'brien']);
    // "dupont" is the name's last word, which its own column holds.
    expect(nameWordKeys('Jean-Pierre Dupont')).toEqual(['jeanpierre dupont']);
    expect(nameWordKeys('Madonna')).toEqual([]);
    expect(nameWordKeys(null)).toEqual([]);
  });

  it('tells whether each word of a text starts a word of its own of a name, in any order', () => {
    const key = 'ana maria lopez garcia';
    expect(startsEachWord(['garcia', 'ana'], key)).toBe(true);
    expect(startsEachWord(['ana', 'lop'], key)).toBe(true);
    expect(startsEachWord(['ana', 'ana'], key)).toBe(false);
    expect(startsEachWord(['garcia', 'zoe'], key)).toBe(false);
    expect(startsEachWord(['a', 'a', 'a', 'a', 'a'], key)).toBe(false);
    // "ma" could take "maria" only once "a" has given it up for "ana".
    expect(startsEachWord(['a', 'ma'], 'ana maria')).toBe(true);
    // A long text of words that start many of a long name's words: answered without trying each order.
    const many = [...Array.from({ length: 30 }, (_, index) => `aa${index}`), 'c'].join(' ');
    expect(startsEachWord(Array.from({ length: 30 }, () => 'aa').concat('b'), many)).toBe(false);
  });

  it('has no key for no name, or only spaces', () => {
    expect(nameKey(null)).toBeNull();
    expect(nameKey(undefined)).toBeNull();
    expect(nameKey('   ')).toBeNull();
  });
});
