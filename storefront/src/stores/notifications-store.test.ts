import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_CLOSE_MS, useNotifications } from './notifications-store';

const msgs = () => useNotifications.getState().notes.map((n) => `${n.kind}:${n.msg}`);

beforeEach(() => {
  vi.useFakeTimers();
  useNotifications.setState({ notes: [] });
});
afterEach(() => vi.useRealTimers());

describe('notifications', () => {
  it('close themselves after 5000 ms', () => {
    useNotifications.getState().notify('success', 'Saved');
    vi.advanceTimersByTime(AUTO_CLOSE_MS - 1);
    expect(msgs()).toEqual(['success:Saved']);
    vi.advanceTimersByTime(1);
    expect(msgs()).toEqual([]);
    expect(AUTO_CLOSE_MS).toBe(5000);
  });

  it('a server reply is a success when flag is 1 and a failure otherwise', () => {
    useNotifications.getState().notifyReply({ flag: 1, msg: 'Address added successfully!' });
    useNotifications.getState().notifyReply({ flag: 0, msg: 'Error adding address' });
    expect(msgs()).toEqual(['success:Address added successfully!', 'error:Error adding address']);
  });

  it('the same message again replaces the first instead of stacking, with a fresh timer', () => {
    useNotifications.getState().notify('error', 'Please enter city');
    vi.advanceTimersByTime(4000);
    useNotifications.getState().notify('error', 'Please enter city');
    expect(msgs()).toEqual(['error:Please enter city']);
    vi.advanceTimersByTime(4000);
    expect(msgs()).toEqual(['error:Please enter city']);
  });

  it('can be dismissed by hand', () => {
    useNotifications.getState().notify('info', 'Hello');
    const [note] = useNotifications.getState().notes;
    useNotifications.getState().dismiss(note!.id);
    expect(msgs()).toEqual([]);
  });
});
