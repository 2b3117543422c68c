// The certificate page's one behaviour that needs a script: copying its link. Without a script the
// button stays hidden and the page shows the link itself.
for (const button of document.querySelectorAll('[data-copy]')) {
  if (!navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(button.dataset.copy);
    const message = 'Link has been copied to clipboard';
    button.querySelector('[data-label]').textContent = message;
    const status = document.querySelector('[data-copied]');
    if (status) status.textContent = message;
  });
}
