import { closeSync, constants, openSync, readSync, statSync, type Stats } from "node:fs";

/**
 * Reading a file the user names (a scenario, a SASS listing, an ncu export, a sweep part):
 * only a regular file, and never more than a limit. A size check alone lets special files
 * through (`/dev/zero` and `/proc` files report 0 bytes and read forever; a named pipe blocks
 * the open until someone writes), so the kind is checked first and the read itself stops at
 * the limit.
 */
export type InputRead = { readonly text: string } | { readonly expected: string; readonly found: string };

/**
 * The last file read, kept while it is unchanged on disk: a validate family or a sweep reads
 * one listing per row (the corpus's 5 MB listing 139 times: 2.8 s of decoding, commit log).
 */
let last: { path: string; dev: number; ino: number; size: number; mtimeMs: number; ctimeMs: number; text: string } | undefined;

/** The text of `path` (UTF-8), or what was expected of it and what was found. */
export function readInputFile(path: string, limitBytes: number, what: string): InputRead {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { expected: `${what} that exists`, found: code === "ENOENT" ? `no such file: ${path}` : `${path} cannot be read (${code ?? "unknown error"})` };
  }
  if (!stats.isFile()) return { expected: `${what} (a regular file)`, found: `${path} is ${kindOf(stats)}` };
  if (stats.size > limitBytes) return { expected: `${what} of at most ${limitBytes} bytes`, found: `${stats.size} bytes` };
  if (last !== undefined && last.path === path && last.dev === stats.dev && last.ino === stats.ino && last.size === stats.size && last.mtimeMs === stats.mtimeMs && last.ctimeMs === stats.ctimeMs) {
    return { text: last.text };
  }
  let fd: number;
  try {
    // Not blocking, should the path have become a pipe since the check.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    return { expected: `${what} that can be read`, found: `${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? "unknown error"})` };
  }
  try {
    const buffer = Buffer.alloc(Math.min(limitBytes + 1, Math.max(stats.size + 1, 65536)));
    let length = 0;
    let chunk = buffer;
    for (;;) {
      if (length === chunk.length) {
        if (length > limitBytes) break;
        const grown = Buffer.alloc(Math.min(limitBytes + 1, chunk.length * 2));
        chunk.copy(grown, 0, 0, length);
        chunk = grown;
      }
      const n = readSync(fd, chunk, length, chunk.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > limitBytes) return { expected: `${what} of at most ${limitBytes} bytes`, found: "more (it grew while being read)" };
    const text = chunk.toString("utf8", 0, length);
    if (length === stats.size) last = { path, dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, text };
    return { text };
  } catch (e) {
    return { expected: `${what} that can be read`, found: `${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? "unknown error"})` };
  } finally {
    closeSync(fd);
  }
}

/** What a non-regular file is, in words. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isFIFO()) return "a named pipe";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}
