// The real react-router-dom under a second name, so the shared browser entry can import it without
// importing itself (packages/platform/build/react-router-browser.ts).
declare module 'react-router-dom-complete' {
  export * from 'react-router-dom';
}
