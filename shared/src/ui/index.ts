// The product's UI kit: one design system for the shell and every remote.
import './tokens.css';

export * from './Icon';
export * from './Button';
export * from './IconButton';
export * from './Card';
export * from './Badge';
export * from './TextInput';
export * from './Select';
export * from './SecretInput';
export * from './Table';
export * from './Pagination';
export * from './Toggle';
export * from './Tooltip';
export * from './ConfirmDialog';
export * from './Drawer';
export * from './Modal';
export * from './LoadingState';
export * from './EmptyState';
export * from './ErrorState';
export * from './PeriodPicker';
export * from './StatTile';
export * from './PageHeader';
export * from './StatusBadge';
export { cx } from './cx';
