// The command line as the program was given it. Two things Node does not do for us:
// - Node decodes argv as UTF-8, replacing bytes that are not UTF-8 with U+FFFD; sysbench passes
//   an option's bytes to the script unchanged. On Linux the raw words are in /proc/self/cmdline.
// - A password given as an option is visible to every user in `ps` (/proc/PID/cmdline). MySQL's
//   own clients overwrite it in argv; Node's process.title setter (libuv) rewrites the memory
//   that holds argv, so setting the title to the command line with secrets masked does the same.
//   The title is one string: ps shows the words separated by spaces, and the kernel's short
//   process name (/proc/PID/comm) becomes the first 15 bytes of it.
import { readFileSync } from 'node:fs';
import { decodeBytes } from '../format/bytes.js';
import { maskArg } from '../options/secrets.js';

function cmdlineWords(): Buffer[] | null {
  if (process.platform !== 'linux') return null;
  try {
    const raw = readFileSync('/proc/self/cmdline');
    const words: Buffer[] = [];
    let from = 0;
    for (let i = 0; i < raw.length; i++) {
      if (raw[i] === 0) {
        words.push(raw.subarray(from, i));
        from = i + 1;
      }
    }
    return words;
  } catch {
    return null;
  }
}

/** process.argv.slice(2) with raw bytes kept; hides secret option values from ps. */
export function processArgv(): string[] {
  const args = process.argv.slice(2);
  const lossy = args.some((a) => a.includes('\uFFFD'));
  const secret = args.some((a) => maskArg(a) !== a);
  if (!lossy && !secret) return args;
  const words = cmdlineWords();
  if (!words || words.length < args.length) return args;
  const mine = words.slice(words.length - args.length);
  // the last words of the command line are our arguments (Node's own options come first)
  if (!mine.every((w, i) => w.toString('utf8') === args[i])) return args;
  const exact = lossy ? mine.map((w) => decodeBytes(w)) : args;
  if (secret) {
    try {
      process.title = words.map((w) => maskArg(decodeBytes(w))).join(' ');
    } catch {
      // not possible here: the password stays visible, as with sysbench
    }
  }
  return exact;
}
