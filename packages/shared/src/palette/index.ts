// The command palette's pure half: ranking typed text against labels (match.ts), the grouped,
// capped list with recent items first (rank.ts), and keyboard shortcuts as one table that both
// registers the handlers and fills the help overlay (keys.ts). The web app renders; the controller's
// resource search ranks with the same matchScore.
export { bestScore, matcher, matchScore } from './match';
export {
  PALETTE_GROUPS,
  parseRecent,
  pushRecent,
  rankPalette,
  type PaletteGroup,
  type PaletteItem,
  type RankedGroup,
  type RankOptions,
} from './rank';
export {
  SEQUENCE_MS,
  keyStep,
  matchShortcut,
  shortcutLabel,
  type KeyPress,
  type MatchResult,
  type Pending,
  type Shortcut,
} from './keys';
