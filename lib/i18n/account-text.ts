// The /account page's profile, password, sessions and API-key strings in en, es and pt (part of the UI dictionary).
import type { ApiKeyScope } from "@/lib/store/records";
import type { Locale } from "./locale";

type AccountSettingsText = {
  profileTitle: string;
  nameLabel: string;
  nameSave: string;
  nameSaved: string;
  nameInvalid: string;
  emailTitle: string;
  emailDescription: string;
  newEmailLabel: string;
  currentPasswordLabel: string;
  emailSave: string;
  emailSaved: string;
  emailInvalid: string;
  emailSame: string;
  emailUnavailable: string;
  wrongPassword: string;
  passwordTitle: string;
  passwordDescription: string;
  newPasswordLabel: string;
  signOutOthersOnChange: string;
  passwordSave: string;
  passwordSaved: string;
  passwordSavedOthersOut: string;
  sessionsTitle: string;
  sessionsDescription: string;
  thisDevice: string;
  deviceName: string;
  unknownBrowser: string;
  unknownSystem: string;
  lastActive: string;
  signedInAt: string;
  signOutSession: string;
  signOutSessionLabel: string;
  signOutOthers: string;
  noOtherSessions: string;
  sessionSignedOut: string;
  sessionGone: string;
  othersSignedOut: string;
  keysTitle: string;
  keysDescription: string;
  keyNameLabel: string;
  keyNameHint: string;
  keyScopeLegend: string;
  scopes: Record<ApiKeyScope, string>;
  scopeHints: Record<ApiKeyScope, string>;
  keyCreate: string;
  keyCreated: string;
  keyShownOnce: string;
  keyCopy: string;
  keyCopied: string;
  keyCopyFailed: string;
  keyNameInvalid: string;
  keysEmpty: string;
  keysListLabel: string;
  keyColumns: { name: string; scope: string; created: string; lastUsed: string; actions: string };
  keyNeverUsed: string;
  keyRevoke: string;
  keyRevokeLabel: string;
  keyRevoked: string;
  keyGone: string;
  keyRevokeConfirm: string;
  keyKeep: string;
  passwordSameAsCurrent: string;
  unexpectedError: string;
};

const en: AccountSettingsText = {
  profileTitle: "Name",
  nameLabel: "Your name",
  nameSave: "Save name",
  nameSaved: "Saved: you are now {name}.",
  nameInvalid: "Write a name of 1 to 100 characters.",
  emailTitle: "Email",
  emailDescription: "You log in with this address. To change it, confirm with your current password.",
  newEmailLabel: "New email",
  currentPasswordLabel: "Current password",
  emailSave: "Change email",
  emailSaved: "Your email is now {email}: use it the next time you log in.",
  emailInvalid: "This is not an email address. Nothing was changed.",
  emailSame: "This is already your email.",
  emailUnavailable: "This address cannot be used for your account. Nothing was changed.",
  wrongPassword: "The current password is not correct. Nothing was changed.",
  passwordTitle: "Password",
  passwordDescription: "Type your current password, then the new one.",
  newPasswordLabel: "New password",
  signOutOthersOnChange: "Also sign out my other devices",
  passwordSave: "Change password",
  passwordSaved: "Your password was changed.",
  passwordSavedOthersOut: "Your password was changed, and your other devices were signed out.",
  sessionsTitle: "Signed-in devices",
  sessionsDescription: "Every browser and app signed in to your account. Sign out any you do not recognize, then change your password.",
  thisDevice: "This device",
  deviceName: "{browser} on {system}",
  unknownBrowser: "Unknown browser",
  unknownSystem: "an unknown system",
  lastActive: "Last active {time}",
  signedInAt: "signed in on {time}",
  signOutSession: "Sign out",
  signOutSessionLabel: "Sign out {device}, last active {time}",
  signOutOthers: "Sign out all other devices",
  noOtherSessions: "No other device is signed in.",
  sessionSignedOut: "That device was signed out.",
  sessionGone: "That device was already signed out.",
  othersSignedOut: "Every other device was signed out.",
  keysTitle: "API keys",
  keysDescription:
    "For scripts, phone shortcuts and MCP clients: send a key as “Authorization: Bearer <key>” to /api/v1. A key is shown only once, when it is made; Palestra keeps only a fingerprint of it.",
  keyNameLabel: "Key name",
  keyNameHint: "What will use it, for example “Phone shortcut”.",
  keyScopeLegend: "Access",
  scopes: { read: "Read only", read_write: "Read and write" },
  scopeHints: {
    read: "Reads measurements, conversations and traces; every change is refused.",
    read_write: "Also saves and deletes measurements and chats with the Coach.",
  },
  keyCreate: "Create key",
  keyCreated: "Key “{name}” created.",
  keyShownOnce: "Copy it now: it will not be shown again.",
  keyCopy: "Copy key",
  keyCopied: "Copied to the clipboard.",
  keyCopyFailed: "Could not copy: select the key and copy it yourself.",
  keyNameInvalid: "Give the key a name of 1 to 64 characters.",
  keysEmpty: "You have no API keys.",
  keysListLabel: "Your API keys",
  keyColumns: { name: "Name", scope: "Access", created: "Created", lastUsed: "Last used", actions: "Actions" },
  keyNeverUsed: "Never",
  keyRevoke: "Revoke",
  keyRevokeLabel: "Revoke the key “{name}”",
  keyRevoked: "Key “{name}” revoked: it no longer works.",
  keyGone: "That key was already revoked.",
  keyRevokeConfirm: "Revoke “{name}”? Anything using it stops working at once.",
  keyKeep: "Keep it",
  passwordSameAsCurrent: "The new password is the same as the current one. Choose a different one; nothing was changed.",
  unexpectedError: "Something went wrong (error {status}). Nothing was changed; try again.",
};

const es: AccountSettingsText = {
  profileTitle: "Nombre",
  nameLabel: "Tu nombre",
  nameSave: "Guardar nombre",
  nameSaved: "Guardado: ahora eres {name}.",
  nameInvalid: "Escribe un nombre de 1 a 100 caracteres.",
  emailTitle: "Correo electrónico",
  emailDescription: "Inicias sesión con esta dirección. Para cambiarla, confírmalo con tu contraseña actual.",
  newEmailLabel: "Nuevo correo",
  currentPasswordLabel: "Contraseña actual",
  emailSave: "Cambiar correo",
  emailSaved: "Tu correo es ahora {email}: úsalo la próxima vez que inicies sesión.",
  emailInvalid: "Esto no es una dirección de correo. No se ha cambiado nada.",
  emailSame: "Este ya es tu correo.",
  emailUnavailable: "Esta dirección no se puede usar para tu cuenta. No se ha cambiado nada.",
  wrongPassword: "La contraseña actual no es correcta. No se ha cambiado nada.",
  passwordTitle: "Contraseña",
  passwordDescription: "Escribe tu contraseña actual y después la nueva.",
  newPasswordLabel: "Nueva contraseña",
  signOutOthersOnChange: "Cerrar también la sesión en mis otros dispositivos",
  passwordSave: "Cambiar contraseña",
  passwordSaved: "Tu contraseña se ha cambiado.",
  passwordSavedOthersOut: "Tu contraseña se ha cambiado y se ha cerrado la sesión en tus otros dispositivos.",
  sessionsTitle: "Dispositivos con sesión iniciada",
  sessionsDescription: "Todos los navegadores y aplicaciones con sesión en tu cuenta. Cierra la de cualquiera que no reconozcas y cambia tu contraseña.",
  thisDevice: "Este dispositivo",
  deviceName: "{browser} en {system}",
  unknownBrowser: "Navegador desconocido",
  unknownSystem: "un sistema desconocido",
  lastActive: "Última actividad: {time}",
  signedInAt: "sesión iniciada el {time}",
  signOutSession: "Cerrar sesión",
  signOutSessionLabel: "Cerrar la sesión de {device}, última actividad {time}",
  signOutOthers: "Cerrar sesión en todos los demás dispositivos",
  noOtherSessions: "No hay ningún otro dispositivo con sesión iniciada.",
  sessionSignedOut: "Se ha cerrado la sesión de ese dispositivo.",
  sessionGone: "Ese dispositivo ya no tenía la sesión iniciada.",
  othersSignedOut: "Se ha cerrado la sesión en todos los demás dispositivos.",
  keysTitle: "Claves de API",
  keysDescription:
    "Para scripts, atajos del teléfono y clientes MCP: envía la clave como «Authorization: Bearer <clave>» a /api/v1. La clave solo se muestra una vez, al crearla; Palestra guarda solo una huella de ella.",
  keyNameLabel: "Nombre de la clave",
  keyNameHint: "Qué la usará, por ejemplo «Atajo del teléfono».",
  keyScopeLegend: "Acceso",
  scopes: { read: "Solo lectura", read_write: "Lectura y escritura" },
  scopeHints: {
    read: "Lee medidas, conversaciones y trazas; se rechaza cualquier cambio.",
    read_write: "También guarda y borra medidas y habla con el Coach.",
  },
  keyCreate: "Crear clave",
  keyCreated: "Clave «{name}» creada.",
  keyShownOnce: "Cópiala ahora: no se volverá a mostrar.",
  keyCopy: "Copiar clave",
  keyCopied: "Copiada al portapapeles.",
  keyCopyFailed: "No se pudo copiar: selecciona la clave y cópiala tú.",
  keyNameInvalid: "Dale a la clave un nombre de 1 a 64 caracteres.",
  keysEmpty: "No tienes claves de API.",
  keysListLabel: "Tus claves de API",
  keyColumns: { name: "Nombre", scope: "Acceso", created: "Creada", lastUsed: "Último uso", actions: "Acciones" },
  keyNeverUsed: "Nunca",
  keyRevoke: "Revocar",
  keyRevokeLabel: "Revocar la clave «{name}»",
  keyRevoked: "Clave «{name}» revocada: ya no funciona.",
  keyGone: "Esa clave ya estaba revocada.",
  keyRevokeConfirm: "¿Revocar «{name}»? Todo lo que la use dejará de funcionar al instante.",
  keyKeep: "Conservarla",
  passwordSameAsCurrent: "La nueva contraseña es igual a la actual. Elige otra; no se ha cambiado nada.",
  unexpectedError: "Algo ha fallado (error {status}). No se ha cambiado nada; inténtalo de nuevo.",
};

const pt: AccountSettingsText = {
  profileTitle: "Nome",
  nameLabel: "Seu nome",
  nameSave: "Salvar nome",
  nameSaved: "Salvo: agora você é {name}.",
  nameInvalid: "Escreva um nome de 1 a 100 caracteres.",
  emailTitle: "E-mail",
  emailDescription: "Você entra com este endereço. Para mudá-lo, confirme com sua senha atual.",
  newEmailLabel: "Novo e-mail",
  currentPasswordLabel: "Senha atual",
  emailSave: "Mudar e-mail",
  emailSaved: "Seu e-mail agora é {email}: use-o da próxima vez que entrar.",
  emailInvalid: "Isto não é um endereço de e-mail. Nada foi alterado.",
  emailSame: "Este já é o seu e-mail.",
  emailUnavailable: "Este endereço não pode ser usado na sua conta. Nada foi alterado.",
  wrongPassword: "A senha atual não está correta. Nada foi alterado.",
  passwordTitle: "Senha",
  passwordDescription: "Digite sua senha atual e depois a nova.",
  newPasswordLabel: "Nova senha",
  signOutOthersOnChange: "Sair também dos meus outros dispositivos",
  passwordSave: "Mudar senha",
  passwordSaved: "Sua senha foi alterada.",
  passwordSavedOthersOut: "Sua senha foi alterada e seus outros dispositivos foram desconectados.",
  sessionsTitle: "Dispositivos conectados",
  sessionsDescription: "Todos os navegadores e aplicativos conectados à sua conta. Desconecte qualquer um que você não reconheça e depois mude sua senha.",
  thisDevice: "Este dispositivo",
  deviceName: "{browser} em {system}",
  unknownBrowser: "Navegador desconhecido",
  unknownSystem: "um sistema desconhecido",
  lastActive: "Última atividade: {time}",
  signedInAt: "conectado em {time}",
  signOutSession: "Desconectar",
  signOutSessionLabel: "Desconectar {device}, última atividade {time}",
  signOutOthers: "Desconectar todos os outros dispositivos",
  noOtherSessions: "Nenhum outro dispositivo está conectado.",
  sessionSignedOut: "Esse dispositivo foi desconectado.",
  sessionGone: "Esse dispositivo já estava desconectado.",
  othersSignedOut: "Todos os outros dispositivos foram desconectados.",
  keysTitle: "Chaves de API",
  keysDescription:
    "Para scripts, atalhos do celular e clientes MCP: envie a chave como “Authorization: Bearer <chave>” para /api/v1. A chave é mostrada só uma vez, ao ser criada; o Palestra guarda apenas uma impressão digital dela.",
  keyNameLabel: "Nome da chave",
  keyNameHint: "O que vai usá-la, por exemplo “Atalho do celular”.",
  keyScopeLegend: "Acesso",
  scopes: { read: "Somente leitura", read_write: "Leitura e escrita" },
  scopeHints: {
    read: "Lê medidas, conversas e rastros; qualquer alteração é recusada.",
    read_write: "Também salva e apaga medidas e conversa com o Coach.",
  },
  keyCreate: "Criar chave",
  keyCreated: "Chave “{name}” criada.",
  keyShownOnce: "Copie agora: ela não será mostrada de novo.",
  keyCopy: "Copiar chave",
  keyCopied: "Copiada para a área de transferência.",
  keyCopyFailed: "Não foi possível copiar: selecione a chave e copie você mesmo.",
  keyNameInvalid: "Dê à chave um nome de 1 a 64 caracteres.",
  keysEmpty: "Você não tem chaves de API.",
  keysListLabel: "Suas chaves de API",
  keyColumns: { name: "Nome", scope: "Acesso", created: "Criada", lastUsed: "Último uso", actions: "Ações" },
  keyNeverUsed: "Nunca",
  keyRevoke: "Revogar",
  keyRevokeLabel: "Revogar a chave “{name}”",
  keyRevoked: "Chave “{name}” revogada: ela não funciona mais.",
  keyGone: "Essa chave já estava revogada.",
  keyRevokeConfirm: "Revogar “{name}”? Tudo o que a usa para de funcionar na hora.",
  keyKeep: "Manter",
  passwordSameAsCurrent: "A nova senha é igual à atual. Escolha outra; nada foi alterado.",
  unexpectedError: "Algo deu errado (erro {status}). Nada foi alterado; tente de novo.",
};

export const accountSettingsText: Record<Locale, AccountSettingsText> = { en, es, pt };
