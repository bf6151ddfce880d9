// The page's language before Python starts: <html lang> and the texts on screen while it loads (the
// header and the loading panel). The rules are kassen.app.language's: ?lang=ja|en in the address,
// else the choice remembered in this browser (localStorage "kassen:settings", set by the switch), else
// the browser's languages, else English. Python takes over once it runs (kassen.ui.language) and says
// every text from the message catalogs; TEXTS below is a copy of their entries for these few texts
// (tests/app/test_i18n.py fails when it differs from py/kassen/locale/<lang>.json).

const LANGUAGES = ["en", "ja"];
/* catalog */
const TEXTS = {
  "app.ui.tagline": {
    "en": "Historical wargames of Japan, played in your browser.",
    "ja": "日本の歴史ウォーゲームを、ブラウザで。"
  },
  "app.loading.title": {
    "en": "Loading kassen…",
    "ja": "kassen を読み込み中…"
  },
  "app.loading.stage-1": {
    "en": "Downloading the Python runtime…",
    "ja": "Python 実行環境をダウンロード中…"
  },
  "app.loading.stage-2": {
    "en": "Starting Python…",
    "ja": "Python を起動中…"
  },
  "app.loading.stage-3": {
    "en": "Loading the game engine…",
    "ja": "ゲームエンジンを読み込み中…"
  },
  "app.loading.stage-4": {
    "en": "Starting the game…",
    "ja": "ゲームを開始中…"
  },
  "app.loading.note": {
    "en": "The game engine is Python, running on your device. The first visit downloads {size}; later visits start from the browser's cache.",
    "ja": "ゲームエンジンは Python で、あなたの端末上で動きます。初回は{size}をダウンロードします。2回目以降はブラウザのキャッシュから起動します。"
  },
  "app.loading.about": {
    "en": "about {size}",
    "ja": "約{size}"
  },
  "app.loading.failed": {
    "en": "kassen could not start.",
    "ja": "kassen を起動できませんでした。"
  },
  "app.loading.details": {
    "en": "Technical details",
    "ja": "技術的な詳細"
  }
};
/* end */

function valid(value) {
  if (typeof value !== "string" || value.length > 35) return null;
  const base = value.trim().toLowerCase().replace("_", "-").split("-")[0];
  return LANGUAGES.includes(base) ? base : null;
}

function stored() {
  try {
    const settings = JSON.parse(localStorage.getItem("kassen:settings") ?? "null");
    return settings && typeof settings === "object" ? settings.lang : null;
  } catch {
    return null; // storage refused or damaged: not a choice
  }
}

function choose() {
  const candidates = [new URLSearchParams(location.search).get("lang"), stored(), ...(navigator.languages ?? [navigator.language])];
  for (const candidate of candidates) {
    const found = valid(candidate);
    if (found) return found;
  }
  return "en";
}

export const lang = choose();
document.documentElement.lang = lang;
const say = (key) => TEXTS[key]?.[lang] ?? TEXTS[key]?.en ?? "";

if (lang !== "en") {
  for (const node of document.querySelectorAll("#site-header [data-i18n], #loading [data-i18n]")) {
    if (TEXTS[node.dataset.i18n]) node.textContent = say(node.dataset.i18n);
  }
  // static/js/boot.js writes the loading stages and a failure in English: say them in this language
  const english = new Map(Object.entries(TEXTS).map(([key, texts]) => [texts.en, key]));
  const translate = (node) => {
    const key = english.get(node.textContent.trim());
    if (key) node.textContent = say(key);
  };
  // the note states the first visit's download, measured by the build (<span id="loading-size">about 9 MB)
  const note = document.querySelector("#loading .loading-note");
  const size = document.getElementById("loading-size");
  if (note && size) {
    const [before, after] = say("app.loading.note").split("{size}");
    const amount = /^about (.+)$/.exec(size.textContent.trim());
    if (amount) size.textContent = say("app.loading.about").replace("{size}", amount[1]);
    note.replaceChildren(before, size, after ?? "");
  }
  const loading = document.getElementById("loading");
  if (loading) {
    for (const node of loading.querySelectorAll("p, summary")) translate(node);
    new MutationObserver((changes) => {
      for (const change of changes) {
        const node = change.target.nodeType === Node.TEXT_NODE ? change.target.parentElement : change.target;
        if (node) for (const each of [node, ...node.querySelectorAll("p, summary")]) translate(each);
      }
    }).observe(loading, { childList: true, subtree: true, characterData: true });
  }
}
