/**
 * `<lab-room-dashboard>`, the instructor's room page (/instructor/room/): the server-rendered form creates a room,
 * then the same markup shows its live dashboard (`live-room.ts`). The instructor link carries the room's secret in
 * its fragment (#room=…&key=…), which browsers never send to a server; the element moves the secret into this
 * browser (`kept-rooms.ts`), takes it out of the address bar (so it never shows on a projector), and sends it only
 * in Authorization headers.
 */
import { must } from '../../lib/dom.ts';
import { limitRetention, showNoServer, startCreateForm } from './create-room-form.ts';
import { keepRoom, keptRooms, settleKey, type KeptRoom } from './kept-rooms.ts';
import { LiveRoom } from './live-room.ts';
import { workshopServer } from './server-check.ts';

const PROJECTOR_KEY = 'mcp-lab-room:projector';

class RoomDashboard extends HTMLElement {
  connectedCallback(): void {
    this.followProjectorChoice();
    void workshopServer().then((server) => (server ? limitRetention(this, server.retentionDays) : showNoServer(this)));
    const roomId = this.adoptLinkKey();
    const kept = roomId ? keptRooms().find((r) => r.roomId === roomId) : undefined;
    if (kept) void this.openRoom(kept);
    else {
      if (roomId)
        this.showNote(
          'This browser does not have the key of that room. Open the instructor link you kept when you created it.',
        );
      startCreateForm(this, (room) => this.openRoom(room, true));
    }
    addEventListener('hashchange', () => location.reload());
  }

  /** The projector view (large text, no names) is remembered in this browser; the dashboard redraws on a change. */
  private followProjectorChoice(): void {
    const projector = must<HTMLInputElement>(this, '[data-role="projector"]');
    try {
      projector.checked = localStorage.getItem(PROJECTOR_KEY) === '1';
    } catch {
      projector.checked = false;
    }
    this.classList.toggle('room-projector', projector.checked);
    projector.addEventListener('change', () => {
      this.classList.toggle('room-projector', projector.checked);
      // The dashboard redraws at once: the projector view holds no learner's name, not even hidden.
      this.dispatchEvent(new Event('room-projector'));
      try {
        localStorage.setItem(PROJECTOR_KEY, projector.checked ? '1' : '0');
      } catch {
        // The choice lasts for this page view.
      }
    });
  }

  /**
   * Keeps the key an instructor link brought (as untried when this browser already has one for the room) and takes
   * it out of the address bar; returns the room the address names.
   */
  private adoptLinkKey(): string | null {
    const params = new URLSearchParams(location.hash.slice(1));
    const roomId = params.get('room');
    const key = params.get('key');
    if (roomId && key) {
      const known = keptRooms().find((r) => r.roomId === roomId);
      if (!known) keepRoom({ title: '', code: '', createdAt: Date.now(), roomId, secret: key });
      else if (known.secret !== key && !known.untried?.includes(key))
        keepRoom({ ...known, untried: [...(known.untried ?? []), key].slice(-5) });
      history.replaceState(null, '', `${location.pathname}#room=${encodeURIComponent(roomId)}`);
    }
    return roomId;
  }

  private showNote(text: string): void {
    const note = must(this, '[data-role="note"]');
    note.textContent = text;
    note.hidden = false;
  }

  /** Settles which key is the room's, then runs its dashboard. */
  private async openRoom(kept: KeptRoom, justCreated = false): Promise<void> {
    const room = await settleKey(kept, () =>
      this.showNote(
        "The server has not accepted the key in the link you opened: this browser keeps the room's instructor key it had.",
      ),
    );
    await new LiveRoom(this, room, justCreated, (text) => this.showNote(text)).start();
  }
}

if (!customElements.get('lab-room-dashboard')) customElements.define('lab-room-dashboard', RoomDashboard);
