// sente kids' sign-in: says the page's question aloud; tapping three pictures in order (each
// said by name) fills the form and sends it. Served as a file (the Content-Security-Policy
// allows no inline script).
(() => {
  const speak = window.senteSpeak || (() => false);
  const section = document.getElementById("kids");
  if (section && section.dataset.say) speak(section.dataset.say);
  const form = document.getElementById("pictures-form");
  if (!form) return;
  const picked = [];
  const row = document.getElementById("picked");
  const show = () => {
    row.replaceChildren(...picked.map((i) => {
      const svg = form.querySelector(`.picture[data-i="${i}"] svg`);
      return svg.cloneNode(true);
    }));
  };
  form.querySelectorAll(".picture").forEach((b) => b.addEventListener("click", () => {
    if (picked.length >= 3) return;
    picked.push(b.dataset.i);
    b.classList.add("picked");
    speak(b.getAttribute("aria-label"));
    show();
    if (picked.length === 3) {
      document.getElementById("pictures-value").value = picked.join("-");
      setTimeout(() => form.submit(), 250);
    }
  }));
  document.getElementById("restart").addEventListener("click", () => {
    picked.length = 0;
    form.querySelectorAll(".picture").forEach((b) => b.classList.remove("picked"));
    show();
  });
})();
