import { render, screen } from '@testing-library/react';
import { PluginLeftOut } from './PluginLeftOut';
import { PluginPrompt } from './PluginPrompt';

describe('PluginPrompt', () => {
  it('says what needs the plugin, links its download and says where to install it', () => {
    render(
      <PluginPrompt
        title="Stations need the Cloud POS plugin"
        message="Demo Garden Supply does not have it."
        data-testid="prompt"
      />,
    );
    const prompt = screen.getByTestId('prompt');
    expect(prompt).toHaveTextContent('Stations need the Cloud POS plugin');
    expect(prompt).toHaveTextContent('Demo Garden Supply does not have it.');
    const link = screen.getByRole('link', { name: 'Download the Cloud POS plugin' });
    expect(link).toHaveAttribute('href', '/downloads/cloud-pos.zip');
    expect(link).toHaveAttribute('download');
    expect(prompt).toHaveTextContent(
      'Upload it in WordPress under Plugins → Add New → Upload Plugin, then activate it.',
    );
  });

  it('is no error and no spinner: nothing is announced as an alert or busy', () => {
    render(<PluginPrompt title="Stations need the Cloud POS plugin" layout="inline" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('PluginLeftOut', () => {
  it('counts one store left out, with the download link', () => {
    render(<PluginLeftOut count={1} data-testid="left-out" />);
    expect(screen.getByTestId('left-out')).toHaveTextContent(
      '1 store left out: it needs the Cloud POS plugin',
    );
    expect(screen.getByRole('link', { name: 'Download the Cloud POS plugin' })).toHaveAttribute(
      'href',
      '/downloads/cloud-pos.zip',
    );
  });

  it('counts several stores in the plural', () => {
    render(<PluginLeftOut count={2} data-testid="left-out" />);
    expect(screen.getByTestId('left-out')).toHaveTextContent(
      '2 stores left out: they need the Cloud POS plugin',
    );
  });

  it('leaves where to install it out when compact', () => {
    render(<PluginLeftOut count={1} compact data-testid="left-out" />);
    expect(screen.getByTestId('left-out')).not.toHaveTextContent('Upload it in WordPress');
    expect(screen.getByRole('link', { name: 'Download the Cloud POS plugin' })).toBeVisible();
  });

  it('shows nothing when no store was left out', () => {
    const { container } = render(<PluginLeftOut count={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});
