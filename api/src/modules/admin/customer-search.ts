/**
 * How the back office's customer search box reads what staff type (GET /admin/users?q=…). Back offices match
 * the start of words, not any substring, so that every part of the answer comes from an index:
 * - q with an `@` is the start of an email address (or a whole one): only `email LIKE 'q%'`.
 * - Otherwise q is split into words (runs of letters and digits; every other character — `+ - * " ( ) ~ < >`,
 *   quotes, emoji — only separates words). A customer matches when every word starts a word of their name or
 *   email (InnoDB's FULLTEXT words: "asha.rao@gmail.com" holds asha, rao, gmail, com), in any order, whatever
 *   the case and accents. The longest word (the fewest matches, as a rule) is looked up in the FULLTEXT index
 *   as `+word*`; the others are checked on the accounts it found. InnoDB reads every match of each `+word*` it
 *   is given, so "rao 0038" asked of it whole read the 20,000 Raos (0.3 s) to keep 20 of them; asked for 0038
 *   alone, it reads 100. Words shorter than `minWord` (innodb_ft_min_token_size) are not in the index.
 * - When no word is long enough for the index ("jo", "a k"), q is matched as the start of the name instead.
 * - A q without spaces also matches as the start of an email ("r.kumar", "customer99"), so an address can be
 *   typed as it is written.
 */
export interface CustomerSearch {
  /** `email LIKE 'emailPrefix%'`, when set. */
  emailPrefix?: string;
  /** `name LIKE 'namePrefix%'`, when set. */
  namePrefix?: string;
  /** A boolean-mode FULLTEXT expression over (name, email), when set. */
  fulltext?: string;
  /** The other words, each of which must start a word of the name or email of a FULLTEXT match. */
  alsoWords: string[];
}

/** The most words one search uses: a name or an address does not have more, and each one costs an index read. */
const MAX_WORDS = 8;

export function customerSearch(q: string, minWord = 3): CustomerSearch {
  const text = q.trim();
  if (text.includes('@')) return { emailPrefix: text, alsoWords: [] };
  const found = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_WORDS);
  const length = (w: string) => [...w].length;
  // A word that begins another one ("ra" in "ra ravi") asks nothing more of the account.
  const words = found.filter((w) => !found.some((o) => o !== w && o.startsWith(w)));
  const plan: CustomerSearch = { alsoWords: [] };
  if (!/\s/.test(text)) plan.emailPrefix = text;
  const longest = words.reduce<string | undefined>(
    (a, w) => (a && length(a) >= length(w) ? a : w),
    undefined,
  );
  if (!longest || length(longest) < minWord) {
    plan.namePrefix = text;
    return plan;
  }
  plan.fulltext = `+${longest}*`;
  plan.alsoWords = words.filter((w) => w !== longest);
  return plan;
}
