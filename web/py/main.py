"""Wiring: the table takes over the board skeleton and tells the page it accepts input."""
from pyscript import document

table = document.getElementById("table")
table.classList.remove("loading")
table.removeAttribute("aria-busy")
document.getElementById("status").textContent = "Ready."
document.documentElement.setAttribute("data-ready", "")
