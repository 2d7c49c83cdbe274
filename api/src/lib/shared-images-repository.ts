import type { Db } from '../db/connection';
import type { Folder } from './storage';

/** Which of `names` are pictures several products show (listed in `shared_images` by the sample catalogue). */
export async function sharedImageNames(db: Db, folder: Folder, names: string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('shared_images')
    .select('name')
    .where('folder', '=', folder)
    .where('name', 'in', names)
    .execute();
  return new Set(rows.map((r) => r.name));
}
