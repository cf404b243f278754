// "Read it to me" on the practice page, for children who cannot read yet: the browser's own voice
// says the verse in the language of the Bible it is shown from (es-ES, pt-BR as the table's voice
// says them, voice.js), at the speed chosen for Read aloud on this device. Only when pressed.
import { speechLang } from "./voice.js";

/** Whether this browser can speak at all (the button is not shown where it cannot). */
export function canSpeak() {
  return !!window.speechSynthesis && typeof window.SpeechSynthesisUtterance === "function";
}

function storedRate() {
  try {
    return Number(localStorage.getItem("jag.voice.rate")) || 1;
  } catch {
    return 1;
  }
}

/** A voice for `lang` ("es-ES"): the exact one, else one of its language, else the device's own. */
function voiceFor(lang) {
  const voices = window.speechSynthesis.getVoices();
  const wanted = lang.toLowerCase();
  const base = wanted.slice(0, 2);
  const norm = (v) => (v.lang || "").replace("_", "-").toLowerCase();
  return voices.find((v) => norm(v) === wanted) || voices.find((v) => norm(v).startsWith(base)) || null;
}

/** Say `text` in `language` ("en", "es", "pt"), cutting off whatever was being said. */
export function say(text, language) {
  if (!canSpeak() || !text) return;
  const synth = window.speechSynthesis;
  synth.cancel();
  const utterance = new window.SpeechSynthesisUtterance(text);
  utterance.lang = speechLang(language);
  const voice = voiceFor(utterance.lang);
  if (voice) utterance.voice = voice;
  utterance.rate = storedRate();
  synth.speak(utterance);
}

export function stopSaying() {
  if (canSpeak()) window.speechSynthesis.cancel();
}
