/** Apostrophes and the marks typed in their place, all read as "'". */
const APOSTROPHES = /[\u2018\u2019\u02bc\u00b4`]/g;

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
 * A person's name as the people search compares it: without accents, in lower case, every apostrophe as
 * "'" and runs of spaces as one. "Chloé O’Brien" and "chloe o'brien" have one key, as have "Işık" and
 * "isik", "Σωκράτης" and "σωκρατησ", "Łukasz Żółć" and "lukasz zolc", "Groß" and "gross". Null for no name.
 */
export function nameKey(name: string | null | undefined): string | null {
  if (name === null || name === undefined) return null;
  // The apostrophes first: compatibility decomposition would turn "´" into a space and an accent.
  const key = name
    .replace(APOSTROPHES, "'")
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(LETTERS_TYPED_OTHERWISE, (letter) => TYPED_AS[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
  return key === '' ? null : key;
}

/** The part of a name's key after its first word ("o'brien" of "chloe o'brien"), for a search by surname. */
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
