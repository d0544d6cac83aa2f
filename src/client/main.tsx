// Replaced by the client shell.
document.getElementById("root")!.textContent = "Loading…";
