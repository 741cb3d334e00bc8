/**
 * `<lab-lock-links>` (LockLinks.astro): makes a lock code and shows the lock and unlock links for the chosen start
 * page, with a QR code of the lock link and copy buttons.
 */
import { copyText } from '../../lib/clipboard.ts';
import { qrSvg, showQr } from '../../lib/qr.ts';
import { createLockCode, workshopLinks } from '../../instructor/lock.ts';

class LockLinks extends HTMLElement {
  connectedCallback() {
    const controls = this.querySelector<HTMLElement>('[data-role="controls"]')!;
    const start = this.querySelector<HTMLSelectElement>('[data-role="start"]')!;
    const lock = this.querySelector<HTMLInputElement>('[data-role="lock"]')!;
    const unlock = this.querySelector<HTMLInputElement>('[data-role="unlock"]')!;
    const status = this.querySelector<HTMLElement>('[data-role="status"]')!;
    const qr = this.querySelector<HTMLElement>('[data-role="qr"]')!;
    let code = createLockCode();
    controls.hidden = false;
    const update = async () => {
      const links = workshopLinks(new URL(start.value, location.origin).toString(), code);
      lock.value = links.lock;
      unlock.value = links.unlock;
      const drawn = await qrSvg(links.lock);
      if (drawn.kind === 'svg') showQr(qr, drawn.svg, `QR code of the lock link ${links.lock}`);
    };
    const copy = async (input: HTMLInputElement, what: string) => {
      const ok = await copyText(input.value);
      if (!ok) input.select();
      status.textContent = ok
        ? `${what} copied.`
        : `This browser did not allow copying: the ${what.toLowerCase()} is selected, copy it with your keyboard.`;
    };
    start.addEventListener('change', () => void update());
    this.querySelector('[data-action="new"]')!.addEventListener('click', () => {
      code = createLockCode();
      void update();
      status.textContent = 'New code made: links from the old code no longer match.';
    });
    this.querySelector('[data-action="copy-lock"]')!.addEventListener('click', () => void copy(lock, 'Lock link'));
    this.querySelector('[data-action="copy-unlock"]')!.addEventListener(
      'click',
      () => void copy(unlock, 'Unlock link'),
    );
    void update();
  }
}
if (!customElements.get('lab-lock-links')) customElements.define('lab-lock-links', LockLinks);
