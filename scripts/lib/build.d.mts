export interface UiBuild {
  label: string;
  workspace: string;
  script: string;
  outDir: string;
  requires: string[];
  sources: string[];
  /** Files the build must have made besides outDir/index.html (rebuilt when one is missing). */
  outputs?: string[];
}
export declare const UI_BUILDS: { storefront: UiBuild; adminWeb: UiBuild };
export declare function ensureBuilt(ui: UiBuild, opts?: { force?: boolean }): Promise<string | null>;
