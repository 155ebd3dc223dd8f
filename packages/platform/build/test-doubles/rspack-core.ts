// The bundler ships as ES modules only, which jest cannot load: the build tests read configurations
// and never run them, so the plugins the configuration constructs only keep their options.
class Plugin {
  constructor(readonly _options: unknown) {}
}

export const rspack = { HtmlRspackPlugin: Plugin, DefinePlugin: Plugin };
