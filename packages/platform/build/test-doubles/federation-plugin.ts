// @module-federation/enhanced/rspack loads the bundler (ES modules only): the build tests read the
// federation plugin's options, which this stand-in keeps.
export class ModuleFederationPlugin {
  constructor(readonly _options: unknown) {}
}
