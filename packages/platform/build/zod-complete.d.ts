// The real zod under a second name, so the shared browser entry can import it without importing
// itself (packages/platform/build/zod-browser.ts).
declare module 'zod-complete' {
  export * from 'zod';
}
