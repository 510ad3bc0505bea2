import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { FormError } from './FormError';
import { SecretField } from './SecretField';
import { SelectField } from './SelectField';
import { TextAreaField } from './TextAreaField';
import { TextField, UrlField } from './TextField';
import { composeValidators, required } from './validators';

type Values = Record<string, string>;

/** A form around the fields under test, with a Save button and the form's error. */
function renderForm(
  fields: ReactNode,
  {
    initialValues,
    onSubmit = () => undefined,
  }: {
    initialValues?: Values;
    onSubmit?: (values: Values) => SubmissionErrors | undefined | Promise<SubmissionErrors | void>;
  } = {},
) {
  const submitted: Values[] = [];
  render(
    <Form<Values>
      initialValues={initialValues}
      onSubmit={(values) => {
        submitted.push(values);
        return onSubmit(values);
      }}
      render={({ handleSubmit }) => (
        <form noValidate onSubmit={(event) => void handleSubmit(event)}>
          {fields}
          <FormError />
          <button type="submit">Save</button>
        </form>
      )}
    />,
  );
  return { submitted };
}

const roles = [
  { value: 'cashier', label: 'Cashier' },
  { value: 'kiosk', label: 'Kiosk' },
];

describe('TextField', () => {
  it('gives the form what was typed', async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm(<TextField name="name" label="Name" />, {
      initialValues: { name: 'Ada' },
    });
    const field = screen.getByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('Ada');
    await user.clear(field);
    await user.type(field, 'Grace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ name: 'Grace' }]);
  });

  it('keeps a cleared field as an empty text', async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm(<TextField name="name" label="Name" />, {
      initialValues: { name: 'Ada' },
    });
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ name: '' }]);
  });

  it('shows its validation text once left, marked invalid and announced', async () => {
    const user = userEvent.setup();
    renderForm(
      <TextField
        name="name"
        label="Name"
        hint="As on the ID"
        validate={required('Name is required')}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Name' });
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');

    await user.click(field);
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('As on the ID Name is required');

    await user.type(field, 'Ada');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('shows every validation text when a submit is tried, and submits nothing', async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm(
      <>
        <TextField name="name" label="Name" validate={required('Name is required')} />
        <TextField name="email" label="Email" validate={required('Email is required')} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Name is required',
    );
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Email is required',
    );
    expect(submitted).toEqual([]);
  });

  it("shows the server's answer for a field until the field is changed", async () => {
    const user = userEvent.setup();
    renderForm(<TextField name="email" label="Email" />, {
      initialValues: { email: 'taken@demo.test' },
      onSubmit: () => ({ email: 'This email is already used' }),
    });
    const field = screen.getByRole('textbox', { name: 'Email' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription('This email is already used');
    await user.type(field, 'x');
    expect(field).not.toHaveAccessibleDescription('This email is already used');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('stays focused and read-only while busy, and runs its own handlers after the form', async () => {
    const user = userEvent.setup();
    const onKeyDown = jest.fn();
    const onBlur = jest.fn();
    const { rerender } = render(
      <Form
        onSubmit={() => undefined}
        initialValues={{ slug: 'bar' }}
        render={() => <TextField name="slug" label="Slug" onKeyDown={onKeyDown} onBlur={onBlur} />}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Slug' });
    await user.click(field);
    await user.keyboard('{Enter}');
    expect(onKeyDown).toHaveBeenCalledTimes(1);

    rerender(
      <Form
        onSubmit={() => undefined}
        initialValues={{ slug: 'bar' }}
        render={() => <TextField name="slug" label="Slug" busy onBlur={onBlur} />}
      />,
    );
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAttribute('aria-busy', 'true');
    await user.type(field, 'x');
    expect(field).toHaveValue('bar');
    act(() => field.blur());
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('is disabled when asked', () => {
    renderForm(<TextField name="name" label="Name" disabled />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  });
});

describe('UrlField', () => {
  it('is a url field with the url keyboard and autofill', async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm(<UrlField name="homeUrl" label="URL" />);
    const field = screen.getByRole('textbox', { name: 'URL' });
    expect(field).toHaveAttribute('type', 'url');
    expect(field).toHaveAttribute('inputmode', 'url');
    expect(field).toHaveAttribute('autocomplete', 'url');
    await user.type(field, 'https://shop.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ homeUrl: 'https://shop.example' }]);
  });

  it('shows what format gives instead of the form value', () => {
    renderForm(
      <UrlField name="homeUrl" label="URL" disabled format={() => 'https://stored.example'} />,
      { initialValues: { homeUrl: 'https://typed.example' } },
    );
    expect(screen.getByRole('textbox', { name: 'URL' })).toHaveValue('https://stored.example');
  });
});

describe('SelectField', () => {
  it('gives the form the chosen option, and asks for one before submit', async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm(
      <SelectField
        name="role"
        label="Role"
        placeholder="Select a role"
        options={roles}
        validate={required('Role is required')}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Role' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Role is required');
    expect(submitted).toEqual([]);

    await user.selectOptions(select, 'Kiosk');
    expect(select).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ role: 'kiosk' }]);
  });

  it('keeps its choice while busy', async () => {
    const user = userEvent.setup();
    renderForm(<SelectField name="role" label="Role" options={roles} busy />, {
      initialValues: { role: 'cashier' },
    });
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(select).toHaveAttribute('aria-busy', 'true');
    await user.selectOptions(select, 'Kiosk');
    expect(select).toHaveDisplayValue('Cashier');
  });
});

describe('SecretField', () => {
  it('shows a stored secret masked, and gives the form what was typed', async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm(<SecretField name="consumerKey" label="Key" />, {
      initialValues: { consumerKey: 'ck_0123456789abcdef' },
    });
    const field = screen.getByRole('textbox', { name: 'Key' });
    expect(field).toHaveValue(`ck${'*'.repeat(15)}ef`);
    await user.click(field);
    expect(field).toHaveValue('ck_0123456789abcdef');
    await user.clear(field);
    await user.type(field, 'ck_new');
    await user.click(screen.getByRole('button', { name: 'Hide Key' }));
    expect(field).toHaveValue('******');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ consumerKey: 'ck_new' }]);
  });

  it('shows its validation text and cannot be typed into while busy', async () => {
    const user = userEvent.setup();
    renderForm(
      <>
        <SecretField
          name="consumerSecret"
          label="Secret"
          validate={required('Secret is required')}
        />
        <SecretField name="consumerKey" label="Key" busy />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Secret' })).toHaveAccessibleDescription(
      'Secret is required',
    );
    const key = screen.getByRole('textbox', { name: 'Key' });
    expect(key).toHaveAttribute('readonly');
    expect(key).toHaveAttribute('aria-busy', 'true');
  });
});

describe('FormError', () => {
  it("announces the form's error from its last submit until the next one", async () => {
    const user = userEvent.setup();
    let refuse = true;
    renderForm(<TextField name="name" label="Name" />, {
      initialValues: { name: 'Ada' },
      onSubmit: () =>
        Promise.resolve(refuse ? { [FORM_ERROR]: 'The store did not answer in time' } : undefined),
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The store did not answer in time');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' L');
    expect(screen.getByRole('alert')).toHaveTextContent('The store did not answer in time');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('validators', () => {
  it('required refuses a missing, blank or empty value with its text', () => {
    const name = required('Name is required');
    expect(name(undefined, {})).toBe('Name is required');
    expect(name(null, {})).toBe('Name is required');
    expect(name('   ', {})).toBe('Name is required');
    expect(name([], {})).toBe('Name is required');
    expect(name('Ada', {})).toBeUndefined();
    expect(name(0, {})).toBeUndefined();
  });

  it('composeValidators answers with the first text, in order', () => {
    const fullName = composeValidators<string>(
      required('Name is required'),
      (value) =>
        /^[A-Za-z ]*$/.test(value ?? '') ? undefined : 'Name can only contain Latin letters',
      (value) =>
        (value ?? '').trim().split(/\s+/).length >= 2 ? undefined : 'Please enter your full name',
    );
    expect(fullName('', {})).toBe('Name is required');
    expect(fullName('Ada1', {})).toBe('Name can only contain Latin letters');
    expect(fullName('Ada', {})).toBe('Please enter your full name');
    expect(fullName('Ada Lovelace', {})).toBeUndefined();
  });
});

describe('TextAreaField', () => {
  it('gives the form the lines typed and says what is wrong once the field was left', async () => {
    const user = userEvent.setup();
    const { submitted } = renderForm(
      <TextAreaField
        name="message"
        label="Message"
        hint="What happened, and what you expected."
        validate={required('Message is required')}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAccessibleDescription('What happened, and what you expected.');
    await user.click(field);
    await user.tab();
    expect(field).toHaveAccessibleDescription(
      'What happened, and what you expected. Message is required',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, 'First line{Enter}Second line');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ message: 'First line\nSecond line' }]);
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});
