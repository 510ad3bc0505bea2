export { ReleaseAudit, type ReleaseAuditProps } from './ReleaseAudit';
