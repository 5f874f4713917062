/** The partner's app without widgets: what both widgets are weighed against. */
import { mount } from "./shell.tsx";

mount();
