// The image field in the desktop app (the native picker through the bridge): every picked image is taken,
// and when the pick went past the total size the picker allows, the field says how many were left out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PickedImages, VoltcartBridge } from '../../shared/ipc-contract';
import { useToasts } from '../stores/toast';
import { button, cleanup, click, render, wait } from '../testing/render';
import { FileField } from './file-field';

const pickImages = vi.fn<(opts: { multiple: boolean }) => Promise<PickedImages>>();
const image = (i: number) => ({
  name: `photo-${i}.png`,
  type: 'image/png' as const,
  size: 4,
  bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
});

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  window.voltcart = { kind: 'electron', files: { pickImages } } as unknown as VoltcartBridge;
});
afterEach(cleanup);

describe('image field with the native picker', () => {
  it('takes every picked image and says how many the picker left out', async () => {
    pickImages.mockResolvedValue({ images: Array.from({ length: 30 }, (_, i) => image(i)), leftOut: 4 });
    const onChange = vi.fn();
    const { container } = await render(
      <FileField label="Upload Images" files={[]} onChange={onChange} multiple />,
    );
    await click(button(container, 'Choose images…'));
    await wait();
    expect(pickImages).toHaveBeenCalledWith({ multiple: true });
    expect((onChange.mock.calls[0]![0] as File[]).map((f) => f.name)).toEqual(
      Array.from({ length: 30 }, (_, i) => `photo-${i}.png`),
    );
    expect(useToasts.getState().toasts.map((t) => [t.kind, t.msg])).toEqual([
      [
        'error',
        '4 of the 34 chosen images were left out: together they come to more than 256 MB. Add them in another round.',
      ],
    ]);
  });
});
