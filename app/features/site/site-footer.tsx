import { Link } from 'react-router';
import type { SiteChrome } from './site-chrome.server.ts';
import { openCookieSettings } from '../consent/index.ts';

/** `children` holds the site's legal disclosures (rendered by the content feature, passed in by the root). */
export function SiteFooter({ chrome, children }: { chrome: SiteChrome; children?: React.ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{chrome.agencyName}</h2>
          <p>
            <a href={`tel:${chrome.agencyContactTelephone.replace(/\s+/g, '')}`}>{chrome.agencyContactTelephone}</a>
            <br />
            <a href={`mailto:${chrome.agencyEmail}`}>{chrome.agencyEmail}</a>
          </p>
        </section>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore">Explore</h2>
          <ul>
            <li>
              <a href="/search?channel=sales">Property for sale</a>
            </li>
            <li>
              <a href="/search?channel=lettings">Property to rent</a>
            </li>
            <li>
              <a href="/branches">Our branches</a>
            </li>
            <li>
              <a href="/articles">News and advice</a>
            </li>
            <li>
              <a href="/articles.rss">News feed (RSS)</a>
            </li>
            <li>
              <a href={chrome.theme.mortgageGuideUrl}>Mortgage guide</a>
            </li>
            <li>
              <Link to="/valuation" preventScrollReset>
                Instant valuation
              </Link>
            </li>
            <li>
              <a href="/forms/landlord-enquiry">Landlord enquiry</a>
            </li>
            <li>
              <a href="/forms/careers">Careers</a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <ul>
            <li>
              <a href="/terms-of-use">Terms of use</a>
            </li>
            <li>
              <a href={chrome.legal?.pages.privacy ?? '/privacy-policy'}>Privacy policy</a>
            </li>
            <li>
              <button type="button" className="footer-link-button" onClick={openCookieSettings}>
                Cookie settings
              </button>
            </li>
          </ul>
        </nav>
      </div>
      {children}
      <p className="container footer-small">
        © {year} {chrome.agencyName}. Powered by Doorstep.
      </p>
    </footer>
  );
}
