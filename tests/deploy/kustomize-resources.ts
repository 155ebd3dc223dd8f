import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  // biome-ignore lint/suspicious/noExplicitAny: manifests are read as plain YAML; the schema check types them.
  spec?: any;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  [field: string]: any;
}

export interface Kustomization {
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  secretGenerator?: { name: string; envs?: string[]; literals?: string[] }[];
}

export interface LoadedResource {
  /** The file, relative to the repository root. */
  file: string;
  object: KubeObject;
}

function parseYamlFile(file: string): unknown[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
    return document.toJS();
  });
}

export function readKustomization(dir: string): Kustomization {
  return parseYamlFile(path.join(dir, 'kustomization.yaml'))[0] as Kustomization;
}

/**
 * Every object a kustomization lists, following folder entries (an overlay's ../../base) as kustomize
 * does. A listed file that does not exist throws, naming it.
 */
export function loadKustomizationResources(dir: string, root: string): LoadedResource[] {
  return (readKustomization(dir).resources ?? []).flatMap((entry) => {
    const target = path.resolve(dir, entry);
    if (!fs.existsSync(target))
      throw new Error(`${path.relative(root, dir)}/kustomization.yaml lists ${entry}, which does not exist`);
    if (fs.statSync(target).isDirectory()) return loadKustomizationResources(target, root);
    return parseYamlFile(target).map((object) => ({
      file: path.relative(root, target),
      object: object as KubeObject,
    }));
  });
}

/** KEY=value lines of an env file (comments and blank lines skipped): the keys. */
export function envFileKeys(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.slice(0, line.indexOf('=')));
}
