// The federation runtime's core under a name of its own: under its real name the remotes' build
// treats it as external (standalone-runtime.ts).
declare module 'federation-runtime-core' {
  const runtimeCore: Record<string, unknown>;
  export = runtimeCore;
}
