/** An instruction line without comments, addresses and a trailing `;`. */
export function stripComments(line: string): string {
  if (!/[#/;]/.test(line)) return line.trim();
  return line
    .replace(/\/\*.*?\*\//g, "") // cuobjdump addresses: /*0240*/
    .replace(/(#|\/\/).*$/, "")
    .replace(/;\s*$/, "")
    .trim();
}
