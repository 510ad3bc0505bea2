import { expect, type Locator, type Page } from '@playwright/test';
import { assistantTestIds as ids } from '../../mf-assistant/src/testIds';

/** The Assistant: its progress widget in the side navigation and the panel it opens. */
export class AssistantPage {
  readonly widget: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.widget = page.getByTestId(ids.widget.root);
    this.panel = page.getByTestId(ids.panel.root);
  }

  /** The number in the ring: the tasks left. */
  get remaining(): Locator {
    return this.widget.getByTestId(ids.widget.count);
  }

  get firstTaskTooltip(): Locator {
    return this.page.getByTestId(ids.tooltip.root);
  }

  /** Opens the panel from the widget and waits for its tasks. */
  async open(): Promise<void> {
    await this.widget.getByTestId(ids.widget.button).click();
    await expect(this.panel).toBeVisible();
    await expect(this.panel.getByTestId(ids.panel.loading)).toHaveCount(0);
  }

  async close(): Promise<void> {
    await this.panel.getByTestId(ids.panel.close).click();
    await expect(this.panel).toHaveCount(0);
  }

  /** An incomplete task (NEXT STEPS) by its catalogue id. */
  task(id: string): Locator {
    return this.panel.getByTestId(ids.task.incomplete(id));
  }

  /** A completed task (COMPLETED) by its catalogue id. */
  completed(id: string): Locator {
    return this.panel.getByTestId(ids.task.completed(id));
  }

  get completedHeading(): Locator {
    return this.panel.getByTestId(ids.sections.completedHeading);
  }

  get dismissDialog(): Locator {
    return this.page.getByTestId(ids.dismissDialog);
  }

  /** Opens a task's dismiss dialog. */
  async dismiss(id: string): Promise<Locator> {
    await this.task(id).getByTestId(ids.task.dismiss(id)).click();
    await expect(this.dismissDialog).toBeVisible();
    return this.dismissDialog;
  }

  /** Marks a task Done through its dismiss dialog. */
  async markDone(id: string): Promise<void> {
    const dialog = await this.dismiss(id);
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(this.completed(id)).toBeVisible();
  }

  get showInPos(): Locator {
    return this.panel.getByTestId(ids.settings.showInPos);
  }

  /** Sends a support request from the support card's new-ticket form. */
  async sendSupportRequest(subject: string, message: string): Promise<Locator> {
    const card = this.panel.getByTestId(ids.support.card);
    const form = card.getByTestId(ids.support.form);
    if ((await form.count()) === 0) await card.getByTestId(ids.support.newTicket).click();
    await form.getByTestId(ids.support.subject).fill(subject);
    await form.getByTestId(ids.support.message).fill(message);
    await form.getByTestId(ids.support.submit).click();
    return card.getByTestId(ids.support.sent);
  }
}
