import { PlatformIcon } from '../../components/icons';

const BARS = [38, 56, 44, 70, 62, 84, 76];

/** A picture of the dashboard for the hero; decorative, so hidden from assistive technology. */
export function HeroPreview() {
  return (
    <div className="hero-preview" aria-hidden="true">
      <div className="hero-preview__window">
        <div className="hero-preview__chrome">
          <span />
          <span />
          <span />
        </div>
        <div className="hero-preview__body">
          <div className="hero-preview__sidebar">
            <i className="is-active" />
            <i />
            <i />
            <i />
            <i />
          </div>
          <div className="hero-preview__content">
            <div className="hero-preview__stats">
              <div className="hero-preview__stat">
                <small>Orders today</small>
                <strong>128</strong>
              </div>
              <div className="hero-preview__stat">
                <small>This month</small>
                <strong>3,412</strong>
              </div>
            </div>
            <div className="hero-preview__chart">
              {BARS.map((height, index) => (
                <span key={index} style={{ height: `${height}%` }} />
              ))}
            </div>
            <div className="hero-preview__stations">
              <div>
                <b>Front counter</b>
                <em>Open</em>
              </div>
              <div>
                <b>Pop-up store</b>
                <em>Open</em>
              </div>
            </div>
          </div>
        </div>
      </div>
      <div className="hero-preview__badge">
        <PlatformIcon name="Chrome" size={20} decorative />
        <span>Station online</span>
      </div>
    </div>
  );
}
