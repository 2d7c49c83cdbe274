import type { z } from 'zod';
import { CHANNELS, type Channel, type ChannelResults, INPUTS, type Input } from '../shared/ipc-contract';
import { isTrustedSender, type SenderEvent } from './security';

/** The part of Electron's ipcMain used here (injected so handlers are testable in plain Node). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderEvent, ...args: unknown[]) => unknown): void;
}

export type Handlers = {
  [C in Channel]: (input: Input<C>, event: SenderEvent) => Promise<ChannelResults[C]> | ChannelResults[C];
};

/** A refused IPC call; the message is what the renderer shows. */
class IpcRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IpcRefused';
  }
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request was not valid.';
  // Our schemas' messages are whole sentences; zod's defaults are prefixed with the field for clarity.
  if (/^[A-Z]/.test(issue.message) && /[.!]$/.test(issue.message)) return issue.message;
  const field = issue.path.join('.');
  return `The request was not valid${field ? ` (${field})` : ''}: ${issue.message}.`;
}

/**
 * Wraps one handler with the two checks every channel gets:
 * 1. the sender is our own page's top frame (not an iframe, not another site the window was tricked into)
 * 2. the argument passes the channel's zod schema; the handler sees only the parsed value
 * Extra arguments are refused too: a channel takes at most one.
 */
function guard<C extends Channel>(
  channel: C,
  handler: Handlers[C],
  devServerUrl?: string | null,
): (event: SenderEvent, ...args: unknown[]) => Promise<ChannelResults[C]> {
  const schema = INPUTS[channel] as unknown as z.ZodType<Input<C>>;
  return async (event, ...args) => {
    if (!isTrustedSender(event, devServerUrl)) {
      throw new IpcRefused(`Refused ${channel}: the request did not come from the Voltcart window.`);
    }
    if (args.length > 1) throw new IpcRefused(`Refused ${channel}: too many arguments.`);
    const parsed = schema.safeParse(args[0]);
    if (!parsed.success) throw new IpcRefused(describe(parsed.error));
    return handler(parsed.data, event);
  };
}

/** Registers every channel of the contract; a missing handler is a type error. */
export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  handlers: Handlers,
  devServerUrl?: string | null,
): void {
  for (const channel of Object.values(CHANNELS)) {
    ipcMain.handle(channel, guard(channel, handlers[channel] as Handlers[typeof channel], devServerUrl));
  }
}
