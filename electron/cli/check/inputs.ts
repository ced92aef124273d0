/**
 * The files `veracity check` was given, as documents to analyse: folders are walked (PDF, PNG and
 * JPEG files by name, in name order, hidden entries skipped), and an argument that names nothing,
 * or a folder with no documents, becomes a plain problem instead of a stack trace.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A document to analyse: `path` as the user would write it (the argument, or argument/sub/path). */
export interface CheckInput {
  path: string;
}

/** An argument that gave nothing to analyse, with an API-style error code. */
export interface InputProblem {
  path: string;
  code: 'file_not_found' | 'file_unreadable' | 'no_documents_in_folder' | 'not_a_file';
  message: string;
}

const DOCUMENT_NAME = /\.(pdf|png|jpe?g)$/i;

export async function expandInputs(args: readonly string[]): Promise<{ inputs: CheckInput[]; problems: InputProblem[] }> {
  const inputs: CheckInput[] = [];
  const problems: InputProblem[] = [];
  for (const arg of args) {
    const info = await stat(arg).catch((err: NodeJS.ErrnoException) => err);
    if (info instanceof Error) {
      problems.push(
        info.code === 'ENOENT' || info.code === 'ENOTDIR'
          ? { path: arg, code: 'file_not_found', message: `${arg}: no such file or folder.` }
          : { path: arg, code: 'file_unreadable', message: `${arg}: cannot be read (${info.code ?? info.message}).` },
      );
    } else if (info.isDirectory()) {
      const found = await walk(arg).catch((err: NodeJS.ErrnoException) => err);
      if (found instanceof Error)
        problems.push({ path: arg, code: 'file_unreadable', message: `${arg}: the folder cannot be read (${found.code ?? found.message}).` });
      else if (found.length === 0)
        problems.push({ path: arg, code: 'no_documents_in_folder', message: `${arg}: a folder with no PDF, PNG or JPEG files in it.` });
      else inputs.push(...found.map((path) => ({ path })));
    } else if (info.isFile()) {
      // A file named on the command line is analysed whatever its name: the content decides.
      inputs.push({ path: arg });
    } else {
      problems.push({ path: arg, code: 'not_a_file', message: `${arg}: not a file or a folder.` });
    }
  }
  return { inputs, problems };
}

/** Documents under `dir`, depth first in name order; symbolic links to folders are not followed (no loops). */
async function walk(dir: string): Promise<string[]> {
  const entries = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => !e.name.startsWith('.'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: string[] = [];
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(path)));
    else if (
      DOCUMENT_NAME.test(e.name) &&
      (e.isFile() ||
        (e.isSymbolicLink() &&
          (await stat(path).then(
            (s) => s.isFile(),
            () => false,
          ))))
    )
      out.push(path);
  }
  return out;
}
