// sb_print_value_size(): a size as "%.5g" with a binary suffix ("8Mi", "256Ki", "16384").
import { formatG } from '../options/values.js';

const MODS = 'KMGT';

export function printValueSize(value: number): string {
  let i = 0;
  for (; i < MODS.length && value >= 1024; i++) value /= 1024;
  return i > 0 ? `${formatG(value, 5)}${MODS[i - 1]}i` : formatG(value, 5);
}
