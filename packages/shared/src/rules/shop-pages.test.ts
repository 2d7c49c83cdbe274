import { describe, expect, it } from 'vitest';
import { pageBlocks } from './shop-pages';

describe('pageBlocks', () => {
  it.each([
    ['nothing', '', []],
    [
      'one paragraph over two lines',
      'We ship\nevery day.',
      [{ kind: 'paragraph', text: 'We ship every day.' }],
    ],
    [
      'a heading and its paragraph',
      '## Who we are\nVolt & Co, Bengaluru.',
      [
        { kind: 'heading', text: 'Who we are' },
        { kind: 'paragraph', text: 'Volt & Co, Bengaluru.' },
      ],
    ],
    [
      'a list between paragraphs, Windows line ends',
      'Before\r\n\r\n- one\r\n- two\r\n\r\nAfter',
      [
        { kind: 'paragraph', text: 'Before' },
        { kind: 'list', items: ['one', 'two'] },
        { kind: 'paragraph', text: 'After' },
      ],
    ],
    [
      'markup stays text',
      '<script>alert(1)</script>',
      [{ kind: 'paragraph', text: '<script>alert(1)</script>' }],
    ],
  ])('%s', (_, body, blocks) => {
    expect(pageBlocks(body)).toEqual(blocks);
  });
});
