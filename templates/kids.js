// sente kids' sign-in: tapping three pictures in order fills the form and sends it. Served as a
// file (the Content-Security-Policy allows no inline script).
(() => {
  const picked = [];
  const form = document.getElementById("pictures-form");
  const row = document.getElementById("picked");
  const show = () => { row.textContent = picked.map((i) => form.querySelector(`[data-i="${i}"]`).textContent).join(""); };
  form.querySelectorAll(".picture").forEach((b) => b.addEventListener("click", () => {
    if (picked.length >= 3) return;
    picked.push(b.dataset.i);
    b.classList.add("picked");
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
