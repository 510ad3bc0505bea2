// The kit's react-final-form field adapters and validators: their own entry, shared as a
// singleton like the kit, so the shell (which has no form) does not load final-form before a
// remote that has one asks for it.
export * from './ui/FormFields';
