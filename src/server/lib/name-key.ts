/** Apostrophes and the marks typed in their place: a name's key leaves them out ("obrien" of "O’Brien"). */
const APOSTROPHE_FORMS = ["'", '\u2018', '\u2019', '\u02bc', '\u00b4', '`'];
const APOSTROPHES = new RegExp(`[${APOSTROPHE_FORMS.join('')}]`, 'g');
/** Hyphens and dashes: a name's key reads them as spaces ("jean pierre" of "Jean-Pierre"). */
const DASHES = /\p{Pd}/gu;

/**
 * Lower-case letters that have no mark to lose yet are typed as others on most keyboards: the dotless "ı",
 * the final "ς", the stroked "ł", "ø", "đ", "ħ", "ŧ", the "ð" and "þ", and the ligatures "ß", "æ", "œ".
 */
const TYPED_AS: Record<string, string> = {
  ı: 'i',
  ς: 'σ',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ŧ: 't',
  þ: 'th',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
};
const LETTERS_TYPED_OTHERWISE = new RegExp(`[${Object.keys(TYPED_AS).join('')}]`, 'g');

/**
 * The names holding one of the letters folded since the dotless "ı" and the final "ς" were, in either case,
 * as `like` patterns: the names to key again.
 */
export const NAMES_WITH_LETTERS_TYPED_OTHERWISE = [...'łŁøØđĐðÐħĦŧŦþÞßẞæÆœŒ'].map((form) => `%${form}%`);

/**
 * A person's name as the people search compares it: without accents, in lower case, without apostrophes,
 * hyphens as spaces and runs of spaces as one. "Chloé O’Brien", "chloe o'brien" and "chloe obrien" have one
 * key, as have "Jean-Pierre" and "jean pierre", "Işık" and "isik", "Σωκράτης" and "σωκρατησ", "Łukasz Żółć"
 * and "lukasz zolc", "Groß" and "gross". Null for no name.
 */
export function nameKey(name: string | null | undefined): string | null {
  if (name === null || name === undefined) return null;
  // The apostrophes first: compatibility decomposition would turn "´" into a space and an accent.
  const key = name
    .replace(APOSTROPHES, '')
    .replace(DASHES, ' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(LETTERS_TYPED_OTHERWISE, (letter) => TYPED_AS[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
  return key === '' ? null : key;
}

/** The part of a name's key after its first word ("obrien" of "chloe obrien"), for a search by surname. */
export function nameTailKey(key: string | null): string | null {
  const space = key?.indexOf(' ') ?? -1;
  return key === null || space < 0 ? null : key.slice(space + 1);
}

/**
 * The last word of a name's key when the name has three words or more ("lopez" of "ana maria lopez"), so
 * the last surname finds the person too. Null for shorter names, whose tail key is already their last word.
 */
export function nameLastKey(key: string | null): string | null {
  const tail = nameTailKey(key);
  const space = tail?.lastIndexOf(' ') ?? -1;
  return tail === null || space < 0 ? null : tail.slice(space + 1);
}

/**
 * A name's key from its third word on when the name has four words or more ("lopez garcia" of "ana maria
 * lopez garcia", "der berg" of "jan van der berg"), so a word between the second and the last finds the
 * person too: the first of two surnames, a particle. Null for shorter names, whose words the other keys hold.
 */
export function nameThirdKey(key: string | null): string | null {
  const third = nameTailKey(nameTailKey(key));
  return third === null || !third.includes(' ') ? null : third;
}

/**
 * A name's key from each of its fourth to its next-to-last words on, for names of five words or more ("la
 * vega" of "pedro alonso de la vega"; "silva santos" of "joao pedro da silva santos"), so that every word of a
 * name finds the person: the other keys hold the first three words and the last. The visitors' name words
 * keep them (one row each). Empty for shorter names.
 */
export function nameMiddleKeys(key: string | null): string[] {
  const words = key === null ? [] : key.split(' ');
  const keys: string[] = [];
  for (let word = 3; word < words.length - 1; word += 1) keys.push(words.slice(word).join(' '));
  return keys;
}

/**
 * The words that join the word after them in names typed without that space: "devries" for "de Vries",
 * "vanderberg" for "van der Berg", "delavega" for "de la Vega".
 */
const PARTICLES = new Set(
  'al da das de dei del della den der des di do dos du el la las le lo los san st te ten ter van von zu'.split(' '),
);

/**
 * A name's key with each run of particles joined to the word after it, one run at a time ("anna devries" of
 * "anna de vries", "jan vanderberg" of "jan van der berg", "pedro alonso delavega" of "pedro alonso de la
 * vega"), so a surname typed without its spaces finds the person. Empty for names without such a run.
 */
export function nameJoinedKeys(key: string | null): string[] {
  const words = key === null ? [] : key.split(' ');
  const keys: string[] = [];
  for (let start = 0; start < words.length - 1; start += 1) {
    if (!PARTICLES.has(words[start] ?? '') || PARTICLES.has(words[start - 1] ?? '')) continue;
    let joined = start;
    while (joined < words.length - 1 && PARTICLES.has(words[joined] ?? '')) joined += 1;
    keys.push(
      [...words.slice(0, start), words.slice(start, joined + 1).join(''), ...words.slice(joined + 1)].join(' '),
    );
  }
  return keys;
}

/**
 * A name's keys as it is also typed: its apostrophes as spaces ("chloe o brien" of "Chloé O’Brien") and its
 * dashes left out ("jeanpierre dupont" of "Jean-Pierre Dupont"). Empty for a name without either.
 */
export function nameTypedKeys(name: string | null | undefined): string[] {
  if (name === null || name === undefined) return [];
  const key = nameKey(name);
  const typed = [nameKey(name.replace(APOSTROPHES, ' ')), nameKey(name.replace(DASHES, ''))];
  return [...new Set(typed)].filter((other): other is string => other !== null && other !== key);
}

/** A key from each of its words on ("o brien", "brien" of "o brien"), the key itself first. */
function fromEachWord(key: string): string[] {
  const words = key.split(' ');
  return words.map((_, word) => words.slice(word).join(' '));
}

/**
 * The keys a visitor's name words keep (one row each): its middle keys (`nameMiddleKeys`), and each of its
 * joined and typed keys (`nameJoinedKeys`, `nameTypedKeys`) from every word on ("anna devries" and "devries"
 * of "Anna de Vries"; "chloe o brien", "o brien" and "brien" of "Chloé O’Brien"): the ways to find the person
 * that the visitor's own key columns leave out.
 */
export function nameWordKeys(name: string | null | undefined): string[] {
  const columns = namedColumns(name);
  const held = new Set([columns.name_key, columns.name_tail_key, columns.name_third_key, columns.name_last_key]);
  const typed = [...nameJoinedKeys(columns.name_key), ...nameTypedKeys(name)].flatMap(fromEachWord);
  return [...new Set([...nameMiddleKeys(columns.name_key), ...typed])].filter((key) => !held.has(key));
}

/**
 * The names keyed otherwise since keys left out apostrophes, read dashes as spaces and joined particles, as
 * `like` patterns: of names, those holding an apostrophe or a dash (each character a key reads as one, below
 * U+11000, which holds them all); of names' keys, those holding a particle as a word of its own.
 */
export function namesWithPunctuationOrParticles(): { names: string[]; keys: string[] } {
  const dashes = Array.from({ length: 0x11000 }, (_, code) => String.fromCodePoint(code)).filter((character) =>
    /\p{Pd}/u.test(character),
  );
  return {
    names: [...APOSTROPHE_FORMS, ...dashes].map((character) => `%${character}%`),
    keys: [...PARTICLES].flatMap((particle) => [`${particle} %`, `% ${particle} %`]),
  };
}

/** A visitor's name with its keys, as the visitors table keeps them. */
export function namedColumns(name: string | null | undefined) {
  const key = nameKey(name);
  return {
    name: name ?? null,
    name_key: key,
    name_tail_key: nameTailKey(key),
    name_third_key: nameThirdKey(key),
    name_last_key: nameLastKey(key),
  };
}

/**
 * Whether each of `words` starts a word of its own of the name's key, in any order: "garcia ana" and "ana
 * lopez" are both in "ana maria lopez garcia", "ana ana" is not. Each text word is given a name word by
 * augmenting paths (a bipartite matching), so a long text costs words × name words, never their orders.
 */
export function startsEachWord(words: readonly string[], key: string): boolean {
  const nameWords = key.split(' ');
  if (words.length > nameWords.length) return false;
  const holder: (number | undefined)[] = nameWords.map(() => undefined);
  const place = (word: number, tried: boolean[]): boolean => {
    for (let at = 0; at < nameWords.length; at += 1) {
      if (tried[at] || !nameWords[at]?.startsWith(words[word] ?? '')) continue;
      tried[at] = true;
      const previous = holder[at];
      if (previous === undefined || place(previous, tried)) {
        holder[at] = word;
        return true;
      }
    }
    return false;
  };
  return words.every((_, word) =>
    place(
      word,
      nameWords.map(() => false),
    ),
  );
}
