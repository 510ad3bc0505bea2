// The parts of the kit only the store-facing remotes use: the invitation rules with their
// InviteButton, and the Cloud POS plugin's prompts. Their own entry and their own stylesheet: the
// kit every page loads (`@pos/shared`, and its stylesheet in every first paint) stays without
// them. Shared at run time like the kit (the shell provides it, webpack/federation.cjs), so the
// remotes that use it load one copy, when the first of them asks.
export * from './invitation';
export * from './ui/InviteButton';
export * from './ui/PluginPrompt';
