import { describe, expect, it } from 'vitest';
import { customerSearch } from './customer-search';

describe('customerSearch', () => {
  it.each([
    ['asha', { emailPrefix: 'asha', fulltext: '+asha*', alsoWords: [] }],
    ['Asha Rao', { fulltext: '+asha* +rao*', alsoWords: [] }],
    ['  rao  ', { emailPrefix: 'rao', fulltext: '+rao*', alsoWords: [] }],
    ['Ravi K', { fulltext: '+ravi*', alsoWords: ['k'] }],
    ['ra ravi', { fulltext: '+ravi*', alsoWords: [] }],
    ['r.kumar', { emailPrefix: 'r.kumar', fulltext: '+kumar*', alsoWords: ['r'] }],
    ['Asha.Rao@Gmail', { emailPrefix: 'Asha.Rao@Gmail', alsoWords: [] }],
    ['jo', { emailPrefix: 'jo', namePrefix: 'jo', alsoWords: [] }],
    ['jo li', { namePrefix: 'jo li', alsoWords: [] }],
    ['Álvaro', { emailPrefix: 'Álvaro', fulltext: '+álvaro*', alsoWords: [] }],
  ])('reads %j as word and email starts', (q, plan) => {
    expect(customerSearch(q)).toEqual(plan);
  });

  it('never passes FULLTEXT operators or symbols through: they only separate words', () => {
    expect(customerSearch('+asha -rao* "x" (y) ~z <a> @')).toEqual({
      emailPrefix: '+asha -rao* "x" (y) ~z <a> @',
      alsoWords: [],
    });
    expect(customerSearch('+asha -rao* ~kiran<>dev')).toEqual({
      fulltext: '+asha* +rao* +kiran* +dev*',
      alsoWords: [],
    });
    expect(customerSearch('😀 🛒')).toEqual({ namePrefix: '😀 🛒', alsoWords: [] });
    expect(customerSearch('"*"')).toEqual({ emailPrefix: '"*"', namePrefix: '"*"', alsoWords: [] });
  });

  it('asks the index for every word long enough and checks the shorter ones on what it found', () => {
    expect(customerSearch('patel 0038')).toEqual({ fulltext: '+patel* +0038*', alsoWords: [] });
    expect(customerSearch('Zola É')).toEqual({ fulltext: '+zola*', alsoWords: ['é'] });
  });

  it('uses at most eight distinct words', () => {
    const plan = customerSearch('alpha beta gamma delta alpha epsilon zeta eta theta iota kappa');
    expect(plan.fulltext).toBe('+alpha* +beta* +gamma* +delta* +epsilon* +zeta* +eta* +theta*');
  });

  it('follows the server shortest indexed word', () => {
    expect(customerSearch('Ravi Rao', 4)).toEqual({ fulltext: '+ravi*', alsoWords: ['rao'] });
  });
});
