/**
 * How the back office's customer search box reads what staff type (GET /admin/users?q=…). Back offices match
 * the start of words, not any substring, so that every part of the answer comes from an index:
 * - q with an `@` is the start of an email address (or a whole one): only `email LIKE 'q%'`.
 * - Otherwise q is split into words (runs of letters and digits; every other character — `+ - * " ( ) ~ < >`,
 *   quotes, emoji — only separates words). A customer matches when every word starts a word of their name or
 *   email (InnoDB's FULLTEXT words: "asha.rao@gmail.com" holds asha, rao, gmail, com), in any order, whatever
 *   the case and accents. Words of `minWord` (innodb_ft_min_token_size) or more characters go to the FULLTEXT
 *   index together, as `+word*` each: InnoDB intersects their lists before it reads the accounts, so "patel
 *   0038" reads 20 accounts (asked for the longest word alone, it read the 20,000 Patels: 0.6 s under load).
 *   Shorter words, which the index does not hold, are checked on the accounts it found.
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
  /** Words too short for the index, each of which must start a word of the name or email of a FULLTEXT match. */
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
  const long = words.filter((w) => length(w) >= minWord);
  if (long.length === 0) {
    plan.namePrefix = text;
    return plan;
  }
  plan.fulltext = long.map((w) => `+${w}*`).join(' ');
  plan.alsoWords = words.filter((w) => length(w) < minWord);
  return plan;
}
