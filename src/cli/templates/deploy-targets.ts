// CLI: the places `folio deploy-files` writes a recipe for, apart from the recipes themselves, so
// that the command line names them without loading what the recipes are made from.
export const DEPLOY_TARGETS = [
  'github-pages',
  'netlify',
  'cloudflare-pages',
  'nginx',
  'systemd',
] as const;
export type DeployTarget = (typeof DEPLOY_TARGETS)[number];
