// The parts of the kit only the store-facing remotes use: the invitation rules with their
// InviteButton, and the Cloud POS plugin's prompts. Their own entry, not shared at run time (they
// keep no state): the kit every page loads (`@pos/shared`) stays without them, and a remote that
// uses them bundles what it imports. Their stylesheet is one of its own, which is shared
// (storeKit.css): the kit's stylesheet, in every first paint, stays without it too.
export * from './invitation';
export * from './ui/InviteButton';
export * from './ui/PluginPrompt';
