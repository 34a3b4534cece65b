// fengari ships no type declarations; we type the handful of entry points loosely.
declare module 'fengari' {
  export type lua_State = any;
  export const lua: any;
  export const lauxlib: any;
  export const lualib: any;
  export function to_luastring(s: string, cache?: boolean): Uint8Array;
  export function to_jsstring(b: Uint8Array, from?: number, to?: number, replacement?: boolean): string;
  export function to_uristring(b: Uint8Array): string;
  export const luaconf: any;
}
// fengari internals the program reaches into (the chunk cache builds closures over shared prototypes)
declare module 'fengari/src/lfunc.js' { const m: any; export default m; }
declare module 'fengari/src/ldo.js' { const m: any; export default m; }
declare module 'fengari/src/ltable.js' { const m: any; export default m; }
declare module 'fengari/src/lobject.js' { const m: any; export default m; }
declare module 'fengari/src/lstring.js' { const m: any; export default m; }
declare module 'fengari/src/defs.js' { const m: any; export default m; }
