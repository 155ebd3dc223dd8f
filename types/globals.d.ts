/** The version a remote was built as; set by the build (packages/platform/build/federation.ts). */
declare const __REMOTE_VERSION__: string;
