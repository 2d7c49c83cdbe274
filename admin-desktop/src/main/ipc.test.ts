// Every IPC channel checks who sends (our page's top frame) and what (the contract's zod schema) before its
// handler runs; the preload calls only channels of the contract.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHANNELS, type Channel } from '../shared/ipc-contract';
import { type Handlers, registerIpcHandlers } from './ipc';
import type { SenderEvent } from './security';

const APP = { senderFrame: { url: 'app://voltcart/admin/settings', parent: null } };

function setup() {
  const calls: { channel: string; input: unknown }[] = [];
  const handlers = Object.fromEntries(
    Object.values(CHANNELS).map((c) => [
      c,
      async (input: unknown) => {
        calls.push({ channel: c, input });
        return c === 'bulk:start' ? { runId: 'run-1' } : null;
      },
    ]),
  ) as unknown as Handlers;
  const registered = new Map<string, (event: SenderEvent, ...args: unknown[]) => unknown>();
  registerIpcHandlers({ handle: (channel, listener) => registered.set(channel, listener) }, handlers);
  const invoke = (channel: Channel, event: SenderEvent, ...args: unknown[]) =>
    registered.get(channel)!(event, ...args);
  return { calls, registered, invoke };
}

const validInputs: Record<Channel, unknown[]> = {
  'app:info': [],
  'app:open-external': ['https://dashboard.razorpay.com/app/payments/pay_1'],
  'settings:get': [],
  'settings:set': [{ apiUrl: 'http://shop.example:5000/' }],
  'settings:test-connection': ['http://localhost:5000'],
  'session:load': [],
  'session:save': [
    { admin: { _id: '1', name: 'Admin', email: 'a@b.in' }, token: 'eyJ.token.value', adminTimeStamp: 1 },
  ],
  'session:clear': [],
  'files:pick-images': [{ multiple: true }],
  'files:save-document': [{ fileName: 'VC-2026-27-000001.pdf', bytes: new TextEncoder().encode('%PDF-1.7') }],
  'files:pick-csv': [],
  'catalog:export-csv': [],
  'reports:export-gst': [{ file: 'gstr1', period: '2026-Q3' }],
  'bulk:pick-folder': [],
  'bulk:start': [
    {
      scanId: '0f3c2a8e-1b2c-4d5e-8f90-123456789abc',
      jobs: [{ fileId: 'f0', productId: '12', role: 'thumbnail' }],
    },
  ],
  'bulk:cancel': ['0f3c2a8e-1b2c-4d5e-8f90-123456789abc'],
  'bulk:retry-failed': ['0f3c2a8e-1b2c-4d5e-8f90-123456789abc'],
};

describe('IPC handlers', () => {
  it('registers every channel of the contract', () => {
    const { registered } = setup();
    expect([...registered.keys()].sort()).toEqual(Object.values(CHANNELS).sort());
  });

  it.each(Object.values(CHANNELS))('%s answers our page with valid input', async (channel) => {
    const { invoke, calls } = setup();
    await invoke(channel, APP, ...validInputs[channel]);
    expect(calls).toHaveLength(1);
  });

  it.each(Object.values(CHANNELS))('%s refuses other senders before doing anything', async (channel) => {
    const { invoke, calls } = setup();
    const strangers: SenderEvent[] = [
      { senderFrame: { url: 'https://evil.example/' } },
      { senderFrame: { url: 'file:///home/staff/page.html' } },
      { senderFrame: { url: 'app://voltcart/', parent: { url: 'app://voltcart/' } } },
      { senderFrame: { url: 'http://localhost:5173/' } },
      { senderFrame: null },
      {},
    ];
    for (const event of strangers) {
      await expect(invoke(channel, event, ...validInputs[channel])).rejects.toThrow(
        'did not come from the Voltcart window',
      );
    }
    expect(calls).toEqual([]);
  });

  it('hands the handler the parsed input (trimmed, normalised)', async () => {
    const { invoke, calls } = setup();
    await invoke('settings:set', APP, { apiUrl: '  http://shop.example:5000/  ' });
    expect(calls[0]!.input).toEqual({ apiUrl: 'http://shop.example:5000' });
  });

  // [channel, bad argument, message the renderer shows]
  const refusals: [Channel, unknown, RegExp][] = [
    ['settings:set', { apiUrl: 'javascript:alert(1)' }, /must be a web address/],
    ['settings:set', { apiUrl: 'http://user:pw@host/' }, /must be a web address/],
    ['settings:set', { apiUrl: 'http://localhost:5000', extra: true }, /not valid/],
    ['settings:set', 'http://localhost:5000', /not valid/],
    ['settings:test-connection', 'file:///etc/passwd', /must be a web address/],
    [
      'session:save',
      { admin: { _id: '1', name: 'A', email: 'a@b.in' }, token: '', adminTimeStamp: 1 },
      /not valid \(token\)/,
    ],
    ['files:pick-images', { multiple: 'yes' }, /not valid \(multiple\)/],
    [
      'files:save-document',
      { fileName: '../../.bashrc.pdf', bytes: new TextEncoder().encode('%PDF-1.7') },
      /plain PDF file name/,
    ],
    [
      'files:save-document',
      { fileName: 'invoice.pdf', bytes: new TextEncoder().encode('#!/bin/sh') },
      /not a PDF/,
    ],
    ['files:save-document', { fileName: 'invoice.pdf', bytes: 'JVBERi0=' }, /document is missing/],
    [
      'bulk:start',
      { scanId: '../../etc', jobs: [{ fileId: 'f0', productId: '1', role: 'thumbnail' }] },
      /Unknown folder scan/,
    ],
    ['bulk:start', { scanId: '0f3c2a8e-1b2c-4d5e', jobs: [] }, /Choose at least one file/],
    [
      'bulk:start',
      { scanId: '0f3c2a8e-1b2c-4d5e', jobs: [{ fileId: '/etc/passwd', productId: '1', role: 'thumbnail' }] },
      /Unknown file/,
    ],
    [
      'bulk:start',
      { scanId: '0f3c2a8e-1b2c-4d5e', jobs: [{ fileId: 'f1', productId: '1 OR 1=1', role: 'gallery' }] },
      /Unknown product/,
    ],
    [
      'bulk:start',
      { scanId: '0f3c2a8e-1b2c-4d5e', jobs: [{ fileId: 'f1', productId: '1', role: 'banner' }] },
      /not valid/,
    ],
    ['reports:export-gst', { file: 'gstr1', period: '2026-13' }, /Choose a month \(2026-11\) or a quarter/],
    ['reports:export-gst', { file: '../../etc/passwd', period: '2026-11' }, /not valid \(file\)/],
    ['bulk:cancel', { runId: 'x' }, /not valid/],
    ['app:open-external', 'x'.repeat(3000), /not valid/],
    ['app:info', 'unexpected', /not valid/],
  ];
  it.each(refusals)('%s refuses %j', async (channel, input, message) => {
    const { invoke, calls } = setup();
    await expect(invoke(channel, APP, input)).rejects.toThrow(message);
    expect(calls).toEqual([]);
  });

  it('refuses extra arguments', async () => {
    const { invoke, calls } = setup();
    await expect(invoke('settings:get', APP, undefined, 'more')).rejects.toThrow('too many arguments');
    expect(calls).toEqual([]);
  });

  it('the preload calls only channels of the contract and exposes one object that satisfies it', async () => {
    const preload = await readFile(
      join(dirname(fileURLToPath(import.meta.url)), '../preload/index.ts'),
      'utf8',
    );
    expect(preload).toMatch(/\} satisfies VoltcartBridge;/);
    expect(preload).toMatch(/contextBridge\.exposeInMainWorld\('voltcart', bridge\)/);
    expect(preload).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer/);
    const used = [...preload.matchAll(/CHANNELS\.(\w+)/g)].map((m) => m[1]);
    expect(new Set(used)).toEqual(new Set(Object.keys(CHANNELS)));
    expect(preload).not.toMatch(/invoke\('[^']+'/);
  });
});
