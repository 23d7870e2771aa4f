import "@fontsource-variable/inter";
import "@fontsource-variable/space-grotesk";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { applyTheme } from "./lib/theme";
// Imported for its side effect too: the install store must listen before beforeinstallprompt fires.
import "./pwa/install-prompt-store";
import "./styles.css";

applyTheme();

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html is missing #root");

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
