// sente speech: says a short text aloud with the browser's speech synthesis, in the page's
// language, when the device has such a voice and the sound switch (localStorage "sente-sound",
// shared with the chime) is on. Without a voice the pages stay silent and work the same. The
// last text asked for is kept in <body data-spoken> (what a test, or a curious grown-up, reads).
window.senteSpeak = (() => {
  const synth = window.speechSynthesis;
  const lang = (document.documentElement.lang || "zh-CN").toLowerCase();
  const base = lang.slice(0, 2);
  const soundOn = () => localStorage.getItem("sente-sound") !== "off";
  const voice = () => (synth ? synth.getVoices() : [])
    .find((v) => v.lang.toLowerCase().replace("_", "-").startsWith(base)) || null;
  function say(text) {
    const v = voice();
    if (!v) return false;
    synth.cancel();
    const u = new SpeechSynthesisUtterance(text);
    u.voice = v;
    u.lang = v.lang;
    u.rate = 0.9;
    synth.speak(u);
    return true;
  }
  return function speak(text) {
    if (!text) return false;
    document.body.dataset.spoken = text;
    if (!synth || !soundOn()) return false;
    if (synth.getVoices().length === 0 && "onvoiceschanged" in synth) {
      // Voices load after the page on some browsers: say it once they are there.
      synth.addEventListener("voiceschanged", () => say(text), { once: true });
      return false;
    }
    return say(text);
  };
})();
