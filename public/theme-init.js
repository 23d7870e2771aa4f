// Applies the stored theme before the first paint so a light-theme user never sees a dark flash.
// web/lib/theme.ts owns the same logic (and the storage key) once the app has loaded.
(function () {
  try {
    var stored = localStorage.getItem("backline:theme");
    var light =
      stored === "light" ||
      ((!stored || stored === "system") && window.matchMedia("(prefers-color-scheme: light)").matches);
    var root = document.documentElement;
    root.classList.toggle("dark", !light);
    root.style.colorScheme = light ? "light" : "dark";
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    for (var i = 0; i < metas.length; i++) metas[i].setAttribute("content", light ? "#ffffff" : "#0a0a0a");
  } catch (e) {
    // Storage may be blocked; the dark default from index.html stays.
  }
})();
