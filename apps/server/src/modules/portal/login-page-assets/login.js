// The portal sign-in's behaviour (modules/portal/login-page.ts): switch between its forms, call the portal's
// API as the app's page does, and on success keep the session where the app reads it and open the portal.
const card = document.querySelector('[data-portal-login]');
if (card) {
  const messages = JSON.parse(card.dataset.messages);
  const accountId = Number(card.dataset.account);
  // The form shown is in the document, the others in templates (login-page-view.ts): one view at a time.
  const templates = [...card.querySelectorAll('template[data-template]')];
  const views = [card.querySelector('[data-view]'), ...templates.map((t) => t.content.firstElementChild)];
  let notice = null;

  /** Shows one form in place of the current one; the address typed carries over, as in the app. */
  const go = (name) => {
    const current = card.querySelector('[data-view]');
    const template = templates.find((t) => t.dataset.template === name);
    if (!template || !current) return;
    const next = template.content.firstElementChild;
    const email = current.querySelector('input[type=email]')?.value;
    current.replaceWith(next);
    template.content.append(current);
    template.dataset.template = current.dataset.view;
    card.dataset.form = name;
    const input = next.querySelector('input[type=email]');
    if (input && email !== undefined) input.value = email;
    const text = next.querySelector('[data-notice]');
    if (text && notice) text.textContent = notice;
    showError(next, null);
    refresh(next);
    next.querySelector('h1')?.focus();
  };

  const showError = (view, message) => {
    const box = view.querySelector('[data-error]');
    if (!box) return;
    box.querySelector('[data-error-text]').textContent = message ?? '';
    box.hidden = !message;
  };

  /** The first-time and reset buttons wait for their fields, as the app's do. */
  const refresh = (view) => {
    const button = view.querySelector('button[data-needs]');
    if (!button || button.getAttribute('aria-busy') === 'true') return;
    button.disabled = button.dataset.needs.split(' ').some((name) => !view.elements[name].value.trim());
  };

  /** One call: JSON in and out; a failure is `{ status, body }`, or a network failure with status 0. */
  const post = async (path, body) => {
    let response;
    try {
      response = await fetch(path, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      throw { status: 0, body: {} };
    }
    const payload = await response.json().catch(() => ({}));
    if (!response.ok) throw { status: response.status, body: payload ?? {} };
    return payload;
  };

  const messageOf = (failure) => {
    if (failure.status === 0) return messages.network;
    const errors = Array.isArray(failure.body.errors) ? failure.body.errors : [];
    return errors[0] || failure.body.message || messages.fallback;
  };

  /** What each error type of `auth-portal` leads to (docs/product/recipient-portal.md#messages). */
  const login = async (form) => {
    const email = form.elements.email.value.trim();
    try {
      const session = await post('/api/auth-portal', { email, password: form.elements.password.value });
      try {
        localStorage.setItem('laurel.token', session.token);
        localStorage.setItem('laurel.activity', String(Date.now()));
      } catch {
        showError(form, messages.fallback);
        return;
      }
      window.location.replace(session.location);
      return 'leaving';
    } catch (failure) {
      switch (failure.body.error_type) {
        case 'user_not_exists':
          notice = messages.userNotExists;
          go('first');
          return;
        case 'recipient_not_exists':
          return showError(form, messages.recipientNotExists);
        case 'wrong_credentials':
          return showError(form, messages.wrongCredentials);
        case 'user_is_banned':
          return showError(form, messages.banned);
        default:
          return showError(form, failure.status === 429 ? messages.tooManyAttempts : messageOf(failure));
      }
    }
  };

  const first = async (form) => {
    const field = (name) => form.elements[name].value.trim();
    try {
      // No name asked: the sign-in takes the one on the certificate the account sent to this address.
      await post('/api/first-time', { id: accountId, email: field('email') });
      notice = messages.firstTimeSent;
      go('resetSuccess');
    } catch (failure) {
      if (failure.status === 404) showError(form, messages.recipientNotExists);
      else if (failure.status === 400 && failure.body.error_type === 'user_exists') showError(form, messages.userExists);
      else showError(form, messageOf(failure));
    }
  };

  const reset = async (form) => {
    const email = form.elements.email.value.trim();
    try {
      await post('/api/users/portal-forgot', { email });
      notice = `If ${email} has a portal sign-in, we emailed it a link to choose a new password.`;
      go('resetSuccess');
    } catch (failure) {
      // The first-time flow, when the server says this address has no sign-in yet (docs/product/recipient-portal.md#messages).
      if (failure.body.error_type === 'action_first_time') go('first');
      else showError(form, messageOf(failure));
    }
  };

  const actions = { login, first, reset };
  for (const form of views.filter((view) => view.tagName === 'FORM')) {
    form.addEventListener('input', () => refresh(form));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const button = form.querySelector('button[type=submit]');
      if (button.getAttribute('aria-busy') === 'true') return;
      button.setAttribute('aria-busy', 'true');
      showError(form, null);
      let outcome;
      try {
        outcome = await actions[form.dataset.view](form);
      } finally {
        // On the way to the portal the button stays busy until the next page replaces this one.
        if (outcome !== 'leaving') {
          button.removeAttribute('aria-busy');
          refresh(form);
        }
      }
    });
  }
  for (const view of views)
    for (const link of view.querySelectorAll('[data-go]')) link.addEventListener('click', () => go(link.dataset.go));

  // The password's show/hide switch, as the app's password fields have: a pointer convenience, out of the
  // tab order and hidden from assistive technology like Mantine's, since the field itself is what is named.
  const loginView = views.find((view) => view.dataset.view === 'login');
  const reveal = loginView?.querySelector('[data-reveal]');
  if (reveal) {
    const input = loginView.querySelector('#login-password');
    reveal.hidden = false;
    reveal.addEventListener('click', () => {
      const shown = input.type === 'password';
      input.type = shown ? 'text' : 'password';
      reveal.dataset.shown = String(shown);
    });
  }

  for (const view of views) if (view.tagName === 'FORM') refresh(view);
}
