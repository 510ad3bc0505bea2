/** Stable data-testid values of the Assistant remote, shared with the end-to-end tests. */
export const assistantTestIds = {
  /** The progress widget in the side navigation (the shell's slot is `nav-widget-assistant`). */
  widget: {
    root: 'assistant-widget',
    /** Opens the panel; carries `data-left` and `data-total`. */
    button: 'assistant-widget-button',
    /** The SVG ring; carries `data-size` (regular, small), `data-radius`, `data-stroke`. */
    ring: 'assistant-ring',
    /** The ring's arc (stroke-dasharray: leftToComplete of totalAll of the circumference). */
    ringArc: 'assistant-ring-arc',
    /** The number in the ring: the tasks left. */
    count: 'assistant-remaining-count',
    /** '{left} of {total} tasks left' or 'All tasks completed'. */
    summary: 'assistant-widget-summary',
  },
  /** The first-task tooltip (spec 2.11). */
  tooltip: {
    root: 'assistant-first-task-tooltip',
    getStarted: 'assistant-get-started',
    remaining: 'assistant-tooltip-remaining',
    dismiss: 'assistant-tooltip-dismiss',
  },
  /** The panel (a drawer). */
  panel: {
    root: 'assistant-panel',
    close: 'assistant-panel-close',
    progress: 'assistant-progress',
    loading: 'assistant-loading',
    error: 'assistant-error',
  },
  /** The panel's sections; each is a region named by its heading. */
  sections: {
    support: 'assistant-section-support',
    nextSteps: 'assistant-section-next-steps',
    completed: 'assistant-section-completed',
    /** 'COMPLETED', or 'Yay! All tasks completed.' when none is left. */
    completedHeading: 'assistant-completed-heading',
    settings: 'assistant-section-settings',
  },
  /** The tasks, by assistantTaskId (choose-plan, create-application…). */
  task: {
    /** An incomplete task; carries `data-locked` (true, false). */
    incomplete: (id: string) => `assistant-task-${id}`,
    /** Its button (completionBtnText): a link, or a button for the overlay. */
    action: (id: string) => `assistant-task-action-${id}`,
    /** Its dismiss control, which asks 'Did you want to mark the task completed?'. */
    dismiss: (id: string) => `assistant-task-dismiss-${id}`,
    /** 'Waits for: {name}' of a locked task. */
    waitsFor: (id: string) => `assistant-task-waits-for-${id}`,
    /** Why marking it Done failed. */
    error: (id: string) => `assistant-task-error-${id}`,
    /** A completed task; carries `data-completed-by` (event, manual). */
    completed: (id: string) => `assistant-completed-${id}`,
  },
  /** The dismiss dialog, with Cancel and Done. */
  dismissDialog: 'assistant-dismiss-dialog',
  /** The 'Show Assistant in POS' switch (role switch, aria-checked) and its failure. */
  settings: {
    showInPos: 'assistant-show-in-pos',
    error: 'assistant-settings-error',
  },
  /** The support card and its new-ticket form. */
  support: {
    card: 'assistant-support-card',
    /** The card's button (completionBtnText): shows the form (PATCH createNewTicket true). */
    newTicket: 'assistant-support-new-ticket',
    form: 'assistant-support-form',
    subject: 'assistant-support-subject',
    message: 'assistant-support-message',
    submit: 'assistant-support-submit',
    /** Hides the form (PATCH createNewTicket false). */
    cancel: 'assistant-support-cancel',
    /** The answer of the last request sent: 'Request {id} is with our support team…'. */
    sent: 'assistant-support-sent',
    /** The card's own failure (the setting could not be changed). */
    error: 'assistant-support-error',
  },
} as const;
