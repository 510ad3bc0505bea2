import { Link, useLocation } from '@pos/shared/router';
import { ADMIN_PANEL_PATH, RELEASES_PATH } from '../../urls';
import './AdminSections.css';

const SECTIONS = [
  { path: ADMIN_PANEL_PATH, label: 'Users' },
  { path: RELEASES_PATH, label: 'Releases' },
] as const;

/**
 * The Admin Panel's two pages, Users and Releases: the side navigation keeps its one 'Admin
 * Panel' item (spec 2.2), and this row leads between them.
 */
export function AdminSections() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Admin Panel" className="pos-admin-sections">
      {SECTIONS.map((section) => (
        <Link
          key={section.path}
          to={section.path}
          className="pos-admin-sections__link"
          aria-current={pathname === section.path ? 'page' : undefined}
        >
          {section.label}
        </Link>
      ))}
    </nav>
  );
}
